package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// v3MIME maps the output keys of nbformat 3 to MIME types.
var v3MIME = map[string]string{
	"text": "text/plain", "html": "text/html", "svg": "image/svg+xml", "png": "image/png",
	"jpeg": "image/jpeg", "latex": "text/latex", "json": "application/json",
	"javascript": "application/javascript", "pdf": "application/pdf", "markdown": "text/markdown",
}

// v3Output maps nbformat 3 output types to those of nbformat 4.
var v3Output = map[string]OutputType{"pyout": ExecuteResult, "pyerr": ErrorOutput, "display_data": DisplayData, "stream": Stream}

// upgradeV3 rewrites a notebook of nbformat 3 as nbformat 4.0, as the
// Python nbformat library's upgrade does: the worksheets' cells in one
// list, heading cells as Markdown headings, "input" as "source",
// "prompt_number" as "execution_count", outputs renamed (pyout,
// pyerr) with their representations under "data" by MIME type.
func upgradeV3(top object) (object, error) {
	var worksheets []map[string]json.RawMessage
	if raw, ok := top["worksheets"]; ok {
		if err := json.Unmarshal(raw, &worksheets); err != nil {
			return nil, fmt.Errorf("worksheets is not a list of objects")
		}
	}
	var cells []map[string]any
	for _, ws := range worksheets {
		var wsCells []map[string]any
		if raw, ok := ws["cells"]; ok {
			d := json.NewDecoder(bytes.NewReader(raw))
			d.UseNumber()
			if err := d.Decode(&wsCells); err != nil {
				return nil, fmt.Errorf("worksheet cells are not a list of objects")
			}
		}
		for _, c := range wsCells {
			cell, err := upgradeCell(c)
			if err != nil {
				return nil, fmt.Errorf("cell %d: %w", len(cells)+1, err)
			}
			cells = append(cells, cell)
		}
	}
	if cells == nil {
		cells = []map[string]any{}
	}
	out := object{}
	for k, v := range top {
		if k != "worksheets" {
			out[k] = v
		}
	}
	if err := setLanguage(out, worksheets); err != nil {
		return nil, err
	}
	out["nbformat"] = json.RawMessage("4")
	out["nbformat_minor"] = json.RawMessage("0")
	if _, ok := out["metadata"]; !ok {
		out["metadata"] = json.RawMessage("{}")
	}
	raw, err := json.Marshal(cells)
	if err != nil {
		return nil, err
	}
	out["cells"] = raw
	return out, nil
}

// setLanguage records the language of a v3 notebook's code, which v3
// kept on each code cell ("language"), as v4's language_info; a v3
// notebook naming none was IPython's, so Python.
func setLanguage(top object, worksheets []map[string]json.RawMessage) error {
	var meta map[string]json.RawMessage
	if raw, ok := top["metadata"]; ok {
		if json.Unmarshal(raw, &meta) != nil || meta == nil {
			return nil // reported by the v4 reader
		}
	} else {
		meta = map[string]json.RawMessage{}
	}
	if _, ok := meta["language_info"]; ok {
		return nil
	}
	lang := "python"
find:
	for _, ws := range worksheets {
		var cells []struct {
			Type     string `json:"cell_type"`
			Language string `json:"language"`
		}
		if json.Unmarshal(ws["cells"], &cells) != nil {
			continue
		}
		for _, c := range cells {
			if c.Type == "code" && c.Language != "" {
				lang = c.Language
				break find
			}
		}
	}
	raw, err := json.Marshal(map[string]string{"name": lang})
	if err != nil {
		return err
	}
	meta["language_info"] = raw
	if top["metadata"], err = json.Marshal(meta); err != nil {
		return err
	}
	return nil
}

func upgradeCell(c map[string]any) (map[string]any, error) {
	if c == nil {
		return nil, fmt.Errorf("cell is not an object")
	}
	meta, _ := c["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	typ, _ := c["cell_type"].(string)
	switch typ {
	case "heading":
		level := 1
		if n, ok := c["level"].(json.Number); ok {
			if l, err := n.Int64(); err == nil && l >= 1 && l <= 6 {
				level = int(l)
			}
		}
		src := strings.Join(strings.Fields(sourceText(c["source"])), " ")
		return map[string]any{"cell_type": "markdown", "metadata": meta, "source": strings.Repeat("#", level) + " " + src}, nil
	case "markdown", "raw":
		return map[string]any{"cell_type": typ, "metadata": meta, "source": sourceText(c["source"])}, nil
	case "code":
		if collapsed, ok := c["collapsed"]; ok {
			meta["collapsed"] = collapsed
		}
		cell := map[string]any{"cell_type": "code", "metadata": meta, "source": sourceText(c["input"]), "execution_count": c["prompt_number"]}
		outs, _ := c["outputs"].([]any)
		upgraded := make([]any, 0, len(outs))
		for i, o := range outs {
			m, ok := o.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("output %d is not an object", i+1)
			}
			upgraded = append(upgraded, upgradeOutput(m))
		}
		cell["outputs"] = upgraded
		return cell, nil
	}
	return nil, fmt.Errorf("unknown nbformat 3 cell_type %q", typ)
}

// sourceText returns a v3 source (a string or a list of lines) as one
// string; anything else is empty.
func sourceText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, line := range v {
			if s, ok := line.(string); ok {
				b.WriteString(s)
			}
		}
		return b.String()
	}
	return ""
}

func upgradeOutput(o map[string]any) map[string]any {
	typ, _ := o["output_type"].(string)
	newType, ok := v3Output[typ]
	if !ok {
		return o // reported by the v4 reader
	}
	switch newType {
	case Stream:
		name, _ := o["stream"].(string)
		if name == "" {
			name = "stdout"
		}
		return map[string]any{"output_type": "stream", "name": name, "text": sourceText(o["text"])}
	case ErrorOutput:
		tb, ok := o["traceback"].([]any)
		if !ok {
			tb = []any{}
		}
		return map[string]any{"output_type": "error", "ename": o["ename"], "evalue": o["evalue"], "traceback": tb}
	}
	data := map[string]any{}
	for k, v := range o {
		if mime, ok := v3MIME[k]; ok {
			if s, isList := v.([]any); isList && mime != "application/json" {
				v = sourceText(s)
			}
			data[mime] = v
		} else if strings.Contains(k, "/") {
			data[k] = v
		}
	}
	meta, _ := o["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
	}
	out := map[string]any{"output_type": string(newType), "data": data, "metadata": meta}
	if newType == ExecuteResult {
		out["execution_count"] = o["prompt_number"]
	}
	return out
}
