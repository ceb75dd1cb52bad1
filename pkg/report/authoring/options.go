package authoring

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

// optionLine matches a directive's option line, ":key: value".
var optionLine = regexp.MustCompile(`^[ \t]*:([A-Za-z][A-Za-z0-9_-]*):(?:[ \t]+(.*?))?[ \t]*\r?\n?$`)

// OptionValue returns a directive option's value, written after ":key:",
// as mystmd and MyST-Parser read it: a value in quotes is a YAML string,
// ':name: "fig-x"' names fig-x; any other is taken as written.
func OptionValue(raw string) string {
	if len(raw) < 2 || raw[0] != raw[len(raw)-1] || raw[0] != '"' && raw[0] != '\'' {
		return raw
	}
	var v string
	if safeyaml.Unmarshal([]byte(raw), safeyaml.CellOptionsLimit, &v) != nil {
		return raw
	}
	return v
}

// An optionReader reads the options at the top of a directive's body,
// a line at a time, as mystmd and MyST-Parser read them: ":key: value"
// lines, or a YAML block between "---" lines.
type optionReader struct {
	// options are the options read, nil for none.
	options map[string]string
	inYAML  bool
	yaml    []byte
	// done is set once a YAML block is closed: no option follows it.
	done bool
}

// readLine reads a line at the top of a directive's body. It reports
// whether the line is part of the options, and whether they end: at a
// YAML block's closing "---", or before a line that is no option.
func (o *optionReader) readLine(line []byte) (option, end bool) {
	trimmed := bytes.TrimSpace(line)
	switch {
	case o.done:
		return false, true
	case o.inYAML:
		if string(trimmed) == "---" {
			o.inYAML, o.done = false, true
			return true, true
		}
		o.yaml = append(o.yaml, line...)
		return true, false
	case o.options == nil && len(o.yaml) == 0 && string(trimmed) == "---":
		o.inYAML = true
		return true, false
	}
	m := optionLine.FindSubmatch(line)
	if m == nil {
		return false, true
	}
	if o.options == nil {
		o.options = map[string]string{}
	}
	o.options[string(m[1])] = OptionValue(string(m[2]))
	return true, false
}

// finish ends the options: it reads a YAML block's, and returns what is
// wrong with them, each as the end of a sentence whose subject is "the
// options of directive {name}".
func (o *optionReader) finish() []string {
	var problems []string
	if o.inYAML {
		problems = append(problems, "are not closed by ---")
		o.inYAML = false
	}
	if len(o.yaml) == 0 {
		return problems
	}
	var m map[string]any
	if err := safeyaml.Unmarshal(o.yaml, safeyaml.CellOptionsLimit, &m); err != nil {
		problems = append(problems, fmt.Sprintf("are not YAML (%v): ignored", err))
	}
	if o.options == nil {
		o.options = map[string]string{}
	}
	for k, v := range m {
		switch v := v.(type) {
		case nil:
			o.options[k] = ""
		case string:
			o.options[k] = v
		case bool, int, float64:
			o.options[k] = strings.TrimSpace(yamlScalar(v))
		default:
			problems = append(problems, fmt.Sprintf("hold option %s, which is not a single value: ignored", short(k)))
		}
	}
	o.yaml = nil
	return problems
}

// DirectiveOptions reads the options at the top of a directive's body,
// ":key: value" lines or a YAML block between "---" lines, as Blocks
// reads a directive's, and returns them (nil for none), the rest of the
// body, and what is wrong with them, each as the end of a sentence whose
// subject is "the options of directive {name}".
func DirectiveOptions(body string) (options map[string]string, rest string, problems []string) {
	var o optionReader
	at := 0
	for at < len(body) {
		end := strings.IndexByte(body[at:], '\n') + 1
		if end == 0 {
			end = len(body) - at
		}
		option, stop := o.readLine([]byte(body[at : at+end]))
		if !option {
			break
		}
		at += end
		if stop {
			break
		}
	}
	return o.options, body[at:], o.finish()
}

// yamlScalar writes a YAML scalar as text.
func yamlScalar(v any) string {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v)
	case int:
		return strconv.Itoa(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return ""
}
