package cellopts

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

// commentPrefixes maps languages to the comment that starts their option
// lines, where it is not "#", as Quarto writes them.
var commentPrefixes = map[string]string{
	"go": "//", "c": "//", "c++": "//", "cpp": "//", "rust": "//", "javascript": "//", "js": "//",
	"typescript": "//", "ts": "//", "java": "//", "scala": "//", "kotlin": "//", "swift": "//",
	"c#": "//", "csharp": "//", "d": "//", "dart": "//", "groovy": "//", "objective-c": "//",
	"zig": "//", "fsharp": "//", "f#": "//", "sql": "--", "haskell": "--", "lua": "--", "ada": "--",
	"elm": "--",
}

// Prefix returns what starts a cell option line in a cell of the
// language (a chroma lexer name, as View.Language): the language's line
// comment and "|", as "//|" for Go, C, Rust or JavaScript, "--|" for SQL,
// Haskell or Lua, and "#|" for Python, R, Julia, shells and any other.
func Prefix(lang string) string {
	if p, ok := commentPrefixes[lang]; ok {
		return p + "|"
	}
	return "#|"
}

// Parse reads the Quarto cell options of a code cell in the
// language lang from the lines at its top that begin with Prefix
// (after spaces or tabs; a first line that is a cell magic, "%%...", may
// come before them, since IPython and GoNB want it first). It returns the
// options (for a cell that sets none: Echo, Output and Include, the rest
// zero), the source without the option lines, and an error when the
// lines are not a YAML mapping or a known option has a value of the
// wrong kind: the options then hold what could be read, and code is
// still the source without the option lines, which are never code to
// show. Options it does not know are ignored.
func Parse(lang, src string) (opts Options, code string, err error) {
	opts = Default()
	prefix := Prefix(lang)
	lines := strings.SplitAfter(src, "\n")
	start := 0
	if strings.HasPrefix(lines[0], "%%") {
		start = 1
	}
	end := start
	var yamlText strings.Builder
	for end < len(lines) {
		body, ok := strings.CutPrefix(strings.TrimLeft(lines[end], " \t"), prefix)
		if !ok {
			break
		}
		yamlText.WriteString(strings.TrimPrefix(body, " "))
		if !strings.HasSuffix(body, "\n") {
			yamlText.WriteByte('\n')
		}
		end++
	}
	if end == start {
		return opts, src, nil
	}
	code = strings.Join(lines[:start], "") + strings.Join(lines[end:], "")
	var m map[string]any
	b := safeyaml.NewBudget(yamlText.Len(), safeyaml.CellOptionsSlack)
	if err := b.Unmarshal([]byte(yamlText.String()), safeyaml.CellOptionsLimit, &m); err != nil {
		return opts, code, fmt.Errorf("cell options (%s lines) are not used: %w", prefix, err)
	}
	return opts, code, opts.setQuarto(m)
}

// setQuarto sets the options that m, Quarto's, gives, reporting each
// value of the wrong kind.
func (o *Options) setQuarto(m map[string]any) error {
	r := reader{m: m, what: "option "}
	r.flag("eval", &o.Eval)
	r.flag("error", &o.Error)
	if v, ok := m["echo"]; ok && v == "fenced" {
		o.Echo = true // Quarto's "show the options too": the source is shown
	} else {
		r.flag("echo", &o.Echo)
	}
	r.flag("include", &o.Include)
	if v, ok := m["output"]; ok && v == "asis" {
		o.Asis = true
	} else {
		r.flag("output", &o.Output)
	}
	if v, ok := m["warning"]; ok && v == false {
		o.Stderr = false
	} else {
		r.flag("warning", new(bool))
	}
	if v, ok := m["code-line-numbers"]; ok {
		if _, isText := v.(string); isText {
			o.LineNumbers = true // lines to highlight, numbered
		} else {
			r.flag("code-line-numbers", &o.LineNumbers)
		}
	}
	if v, ok := m["code-fold"]; ok {
		switch v {
		case true, false:
			o.Fold = v == true
		case "show":
			o.Fold, o.FoldOpen = true, true
		default:
			r.errs = append(r.errs, fmt.Errorf("option code-fold: %s is not true, false or show, so it is ignored", describe(v)))
		}
	}
	r.text("code-summary", &o.Summary)
	r.text("label", &o.Label)
	r.texts("fig-cap", &o.Caption)
	r.texts("fig-alt", &o.Alt)
	r.texts("tbl-cap", &o.TableCaption)
	r.subcaptions("fig-subcap", &o.Subfigures, &o.Subcaptions)
	r.subcaptions("tbl-subcap", &o.Subtables, &o.TableSubcaptions)
	r.text("layout-valign", &o.VAlign)
	r.text("layout-align", &o.Align)
	r.count("layout-ncol", &o.Columns)
	r.count("layout-nrow", &o.Rows)
	switch v := m["layout"].(type) {
	case nil:
	case string:
		o.Layout = v
	case []any:
		// Rows of numbers as JSON, the form of Quarto's layout attribute.
		if js, err := json.Marshal(v); err == nil {
			o.Layout = string(js)
		}
	default:
		r.wrong("layout", v, "a list of rows of widths, as [[1,1],[1]]")
	}
	return errors.Join(r.errs...)
}

// scalarText returns a YAML scalar as text, as Quarto reads a caption
// that YAML took for a number.
func scalarText(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool, int, int64, uint64, float64:
		return fmt.Sprint(v), true
	}
	return "", false
}

// describe names a YAML value for a warning, briefly.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "an empty value"
	case string:
		return fmt.Sprintf("%.40q", v)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%.40s", fmt.Sprint(v))
}
