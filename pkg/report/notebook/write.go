package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WriteFile writes the notebook to the named file atomically: it writes a
// temporary file in the same folder and renames it over path, so readers see
// the old file or the new one, never a part.
func WriteFile(path string, nb *Notebook) error {
	data, err := Marshal(nb)
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Path = path
		}
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Write writes the notebook to w in nbformat's own layout.
func Write(w io.Writer, nb *Notebook) error {
	data, err := Marshal(nb)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Marshal returns the notebook as JSON in the layout of Python's nbformat
// (keys sorted, one-space indent, non-ASCII text as is, multi-line strings as
// lists of lines, a final newline), or compact when a value in it is
// nested more than maxIndentDepth deep. It returns an *Error wrapping ErrVersion
// or ErrInvalid if the notebook has another version, an unknown cell or
// output type, a nil cell or output, or raw JSON that is not valid.
func Marshal(nb *Notebook) ([]byte, error) {
	if nb.Format != FormatMajor {
		return nil, &Error{Msg: fmt.Sprintf("nbformat is %d; only nbformat 4 is supported", nb.Format), Err: ErrVersion}
	}
	top, err := withExtra(nb.Extra, "notebook")
	if err != nil {
		return nil, err
	}
	top["nbformat"] = nb.Format
	top["nbformat_minor"] = nb.FormatMinor
	if top["metadata"], err = rawObject(nb.Metadata, "notebook metadata"); err != nil {
		return nil, err
	}
	cells := make([]any, len(nb.Cells))
	for i, c := range nb.Cells {
		if cells[i], err = encodeCell(c); err != nil {
			err.Cell = i + 1
			return nil, err
		}
	}
	top["cells"] = cells
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(top); err != nil {
		return nil, &Error{Msg: "cannot encode", Err: ErrInvalid, Cause: err}
	}
	data := b.Bytes()
	// Indenting costs a line and its indent per level: a value nested
	// thousands deep (a JSON output, a hostile metadata field) would grow
	// the file with the square of its depth. Such a notebook is written
	// compact, which every reader of JSON takes alike.
	if depth(data) <= maxIndentDepth {
		var indented bytes.Buffer
		indented.Grow(2 * len(data))
		if err := json.Indent(&indented, data, "", " "); err != nil {
			return nil, &Error{Msg: "cannot encode", Err: ErrInvalid, Cause: err}
		}
		data = indented.Bytes()
	}
	return unescapeSeparators(data), nil
}

// maxIndentDepth is the deepest nesting Marshal indents: a notebook's own
// structure is 6 deep, its outputs and metadata rarely more than 20.
const maxIndentDepth = 100

// depth returns the deepest nesting of arrays and objects in JSON text.
func depth(data []byte) int {
	d, deepest := 0, 0
	inString := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			d++
			deepest = max(deepest, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}

// unescapeSeparators writes U+2028 and U+2029, which encoding/json always
// escapes, as the characters themselves, as Python's json module does.
func unescapeSeparators(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u202`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] != '\\' || i+1 == len(data) {
			out = append(out, data[i])
			continue
		}
		n := 2
		if data[i+1] == 'u' {
			n = 6
		}
		esc := data[i:min(i+n, len(data))]
		switch string(esc) {
		case `\u2028`:
			out = append(out, "\u2028"...)
		case `\u2029`:
			out = append(out, "\u2029"...)
		default:
			out = append(out, esc...)
		}
		i += len(esc) - 1
	}
	return out
}

func encodeCell(c *Cell) (map[string]any, *Error) {
	if c == nil {
		return nil, &Error{Msg: "cell is nil", Err: ErrInvalid}
	}
	what := string(c.Type) + " cell"
	o, err := withExtra(c.Extra, what)
	if err != nil {
		return nil, err
	}
	o["cell_type"] = c.Type
	if c.ID != "" {
		o["id"] = c.ID
	}
	if o["metadata"], err = rawObject(c.Metadata, what+" metadata"); err != nil {
		return nil, err
	}
	o["source"] = splitLines(c.Source)
	switch c.Type {
	case Code:
		o["execution_count"] = c.ExecutionCount
		outs := make([]any, len(c.Outputs))
		for i, out := range c.Outputs {
			if outs[i], err = encodeOutput(out); err != nil {
				err.Output = i + 1
				return nil, err
			}
		}
		o["outputs"] = outs
	case Markdown, Raw:
		if c.Attachments != nil {
			atts := map[string]any{}
			for name, b := range c.Attachments {
				if atts[name], err = splitBundle(b, "attachment "+name); err != nil {
					return nil, err
				}
			}
			o["attachments"] = atts
		}
	default:
		return nil, &Error{Msg: fmt.Sprintf("unknown cell_type %q", c.Type), Err: ErrInvalid}
	}
	return o, nil
}

func encodeOutput(out *Output) (map[string]any, *Error) {
	if out == nil {
		return nil, &Error{Msg: "output is nil", Err: ErrInvalid}
	}
	what := string(out.Type) + " output"
	o, err := withExtra(out.Extra, what)
	if err != nil {
		return nil, err
	}
	o["output_type"] = out.Type
	switch out.Type {
	case Stream:
		o["name"] = out.Name
		o["text"] = splitLines(out.Text)
	case DisplayData, ExecuteResult, UpdateDisplayData:
		if o["data"], err = splitBundle(out.Data, what+" data"); err != nil {
			return nil, err
		}
		if o["metadata"], err = rawObject(out.Metadata, what+" metadata"); err != nil {
			return nil, err
		}
		if out.Type == ExecuteResult {
			o["execution_count"] = out.ExecutionCount
		}
	case ErrorOutput:
		o["ename"] = out.EName
		o["evalue"] = out.EValue
		tb := out.Traceback
		if tb == nil {
			tb = []string{}
		}
		o["traceback"] = tb
	default:
		return nil, &Error{Msg: fmt.Sprintf("unknown output_type %q", out.Type), Err: ErrInvalid}
	}
	return o, nil
}

// withExtra starts an object with the extra keys, checking that they are JSON.
func withExtra(extra map[string]json.RawMessage, what string) (map[string]any, *Error) {
	o := make(map[string]any, len(extra)+8)
	for k, v := range extra {
		if !json.Valid(v) {
			return nil, &Error{Msg: fmt.Sprintf("%s key %q is not valid JSON", what, k), Err: ErrInvalid}
		}
		o[k] = v
	}
	return o, nil
}

// splitBundle encodes a MIME bundle, splitting textual values into lines as
// nbformat does: types text/*, application/javascript and image/svg+xml.
func splitBundle(m MimeBundle, what string) (map[string]any, *Error) {
	o := make(map[string]any, len(m))
	for mime, raw := range m {
		if !json.Valid(raw) {
			return nil, &Error{Msg: fmt.Sprintf("%s %q is not valid JSON", what, mime), Err: ErrInvalid}
		}
		var s string
		if (strings.HasPrefix(mime, "text/") || mime == "application/javascript" || mime == "image/svg+xml") &&
			json.Unmarshal(raw, &s) == nil && bytes.HasPrefix(bytes.TrimSpace(raw), []byte(`"`)) {
			o[mime] = splitLines(s)
		} else {
			o[mime] = raw
		}
	}
	return o, nil
}

// rawObject checks a metadata map, writing nil as an empty object.
func rawObject(m Metadata, what string) (any, *Error) {
	if m == nil {
		return json.RawMessage("{}"), nil
	}
	for k, v := range m {
		if !json.Valid(v) {
			return nil, &Error{Msg: fmt.Sprintf("%s key %q is not valid JSON", what, k), Err: ErrInvalid}
		}
	}
	return map[string]json.RawMessage(m), nil
}

// splitLines splits s after each line boundary that Python's
// str.splitlines recognises (\n, \r, \r\n, \v, \f, \x1c-\x1e, \x85, U+2028,
// U+2029), keeping the boundaries, so notebooks match nbformat's output.
func splitLines(s string) []string {
	out := []string{}
	start := 0
	for i, r := range s {
		switch r {
		case '\n', '\v', '\f', '\x1c', '\x1d', '\x1e', '\u0085', '\u2028', '\u2029':
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
		default:
			continue
		}
		end := i + len(string(r))
		out = append(out, s[start:end])
		start = end
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// marshal encodes v without HTML escaping and without a final newline.
func marshal(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// mustMarshalString encodes a string, which cannot fail.
func mustMarshalString(s string) json.RawMessage {
	raw, err := marshal(s)
	if err != nil {
		panic(fmt.Sprintf("notebook: encoding a string: %v", err))
	}
	return raw
}
