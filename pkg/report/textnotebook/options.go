package textnotebook

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// maxOptions is the longest text of options a cell marker may carry, and
// maxTries the most values keyEqualValue tries to read in one: jupytext's
// way of reading key=value pairs tries every "=" from the right, which
// takes time growing with the square of their length. Real markers need
// a try or two per pair.
const (
	maxOptions = 1 << 10
	maxTries   = 64
)

var (
	identifier  = regexp.MustCompile(`^[a-zA-Z_\.]+[a-zA-Z0-9_\.]*$`)
	metadataKey = regexp.MustCompile(`^[a-zA-Z0-9_\.@/-]+$`)
)

// percentOptions reads what follows "%%" on a cell marker as jupytext
// does: a title, a cell type in brackets, "%" signs for a sub-cell's
// depth, then metadata as key=value pairs (values JSON, or Python
// literals) or one JSON object. Text it cannot read as metadata is kept
// under "incorrectly_encoded_metadata", as jupytext keeps it.
func percentOptions(text string) (map[string]any, error) {
	if len(text) > maxOptions {
		return nil, fmt.Errorf("options longer than %d bytes", maxOptions)
	}
	title, meta := textToMetadata(text)
	for _, t := range []string{"markdown", "raw", "md"} {
		code := "[" + t + "]"
		if strings.Contains(title, code) {
			title = strings.TrimSpace(strings.ReplaceAll(title, code, ""))
			meta["cell_type"] = t
			if t == "md" {
				meta["region_name"] = t
				meta["cell_type"] = "markdown"
			}
			break
		}
	}
	depth := 0
	for strings.HasPrefix(title, "%") {
		depth++
		title = title[1:]
	}
	if depth > 0 {
		meta["cell_depth"] = depth
		title = strings.TrimSpace(title)
	}
	if title != "" {
		meta["title"] = title
	}
	return meta, nil
}

// textToMetadata splits a marker's options into a title and metadata.
func textToMetadata(text string) (string, map[string]any) {
	text = strings.TrimSpace(text)
	brace, equal := strings.Index(text, "{"), strings.Index(text, "=")
	if brace >= 0 && (equal < 0 || brace < equal) {
		v := relaxJSON(text[brace:])
		m, ok := v.(map[string]any)
		if !ok {
			m = map[string]any{"incorrectly_encoded_metadata": text[brace:]}
		}
		return strings.TrimSpace(text[:brace]), m
	}
	var words []string
	if equal >= 0 {
		words = strings.Split(text[:equal], " ")
		for len(words) > 0 && words[len(words)-1] == "" {
			words = words[:len(words)-1]
		}
		if len(words) > 0 {
			words = words[:len(words)-1]
		}
	} else {
		words = strings.Split(text, " ")
	}
	for len(words) > 0 {
		w := words[len(words)-1]
		if strings.TrimSpace(w) != "" && !strings.HasPrefix(w, ".") {
			break
		}
		words = words[:len(words)-1]
	}
	title := strings.Join(words, " ")
	tries := maxTries
	return title, keyEqualValue(text[len(title):], &tries)
}

// keyEqualValue reads "key1=value1 key2=value2 flag" from the right, as
// jupytext's parse_key_equal_value does; a bare name is a key with no
// value (null). Each value it tries to read takes one of *tries; with
// none left, the rest is kept as incorrectly encoded.
func keyEqualValue(text string, tries *int) map[string]any {
	text = strings.TrimSpace(text)
	if text == "" {
		return map[string]any{}
	}
	lastSpace := strings.LastIndex(text, " ")
	if !strings.HasPrefix(text, "--") && identifier.MatchString(text[lastSpace+1:]) {
		m := map[string]any{}
		if lastSpace > 0 {
			m = keyEqualValue(text[:lastSpace], tries)
		}
		m[text[lastSpace+1:]] = nil
		return m
	}
	for eq := len(text); ; {
		eq = strings.LastIndex(text[:eq], "=")
		if eq < 0 || *tries <= 0 {
			return map[string]any{"incorrectly_encoded_metadata": text}
		}
		prev := strings.LastIndex(strings.TrimRight(text[:eq], " \t\n\r\f\v"), " ")
		key := strings.TrimSpace(text[prev+1 : eq])
		if !metadataKey.MatchString(key) {
			continue
		}
		*tries--
		v, err := jsonOrPython(text[eq+1:])
		if err != nil {
			continue
		}
		m := map[string]any{}
		if prev > 0 {
			m = keyEqualValue(text[:prev], tries)
		}
		m[key] = v
		return m
	}
}

// relaxJSON returns text read as JSON or a Python literal, or the text
// under "incorrectly_encoded_metadata".
func relaxJSON(text string) any {
	v, err := jsonOrPython(text)
	if err != nil {
		return map[string]any{"incorrectly_encoded_metadata": strings.TrimSpace(text)}
	}
	return v
}

// jsonOrPython reads text as a JSON value, else as a Python literal (as
// jupytext falls back on ast.literal_eval): single-quoted strings, True,
// False and None, tuples as lists.
func jsonOrPython(text string) (any, error) {
	text = strings.TrimSpace(text)
	var v any
	if json.Unmarshal([]byte(text), &v) == nil {
		return v, nil
	}
	p := &pyParser{s: text}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, errNotLiteral
	}
	return v, nil
}

var errNotLiteral = errors.New("not a Python literal")

// maxLiteralDepth bounds the nesting of a Python literal.
const maxLiteralDepth = 64

// pyParser reads the Python literals that notebook metadata holds.
type pyParser struct {
	s string
	i int
}

func (p *pyParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *pyParser) value(depth int) (any, error) {
	if depth > maxLiteralDepth {
		return nil, errNotLiteral
	}
	p.space()
	if p.i == len(p.s) {
		return nil, errNotLiteral
	}
	switch c := p.s[p.i]; {
	case c == '\'' || c == '"':
		return p.str(c)
	case c == '[' || c == '(':
		close := map[byte]byte{'[': ']', '(': ')'}[c]
		p.i++
		list := []any{}
		for {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == close {
				p.i++
				return list, nil
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
			if !p.sep(close) {
				return nil, errNotLiteral
			}
		}
	case c == '{':
		p.i++
		m := map[string]any{}
		for {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == '}' {
				p.i++
				return m, nil
			}
			k, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			p.space()
			if p.i == len(p.s) || p.s[p.i] != ':' {
				return nil, errNotLiteral
			}
			p.i++
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			m[fmt.Sprint(k)] = v
			if !p.sep('}') {
				return nil, errNotLiteral
			}
		}
	}
	j := p.i
	for j < len(p.s) && strings.IndexByte(",:)]} \t\r\n", p.s[j]) < 0 {
		j++
	}
	word := p.s[p.i:j]
	p.i = j
	switch word {
	case "True":
		return true, nil
	case "False":
		return false, nil
	case "None":
		return nil, nil
	}
	if n, err := strconv.ParseInt(word, 0, 64); err == nil {
		return n, nil
	}
	if f, err := strconv.ParseFloat(word, 64); err == nil && !strings.ContainsAny(word, "nN") {
		return f, nil
	}
	return nil, errNotLiteral
}

// sep reads a comma, or sees the closing bracket, and reports whether it
// found either.
func (p *pyParser) sep(close byte) bool {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ',' {
		p.i++
		return true
	}
	return p.i < len(p.s) && p.s[p.i] == close
}

// str reads a quoted string with Python's common escapes.
func (p *pyParser) str(quote byte) (any, error) {
	var b strings.Builder
	for p.i++; p.i < len(p.s); p.i++ {
		c := p.s[p.i]
		switch {
		case c == quote:
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			p.i++
			e := p.s[p.i]
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(e)
			}
		case c == '\n':
			return nil, errNotLiteral
		default:
			b.WriteByte(c)
		}
	}
	return nil, errNotLiteral
}

// quotes follows Python's strings from line to line, as jupytext's
// StringParser does, so that a cell marker inside a multi-line string is
// not taken for one.
type quotes struct {
	python         bool
	comment        string
	single, triple byte
}

func newQuotes(lang, comment string) *quotes {
	return &quotes{python: lang != "R", comment: comment}
}

func (q *quotes) quoted() bool { return q.single != 0 || q.triple != 0 }

func (q *quotes) read(line string) {
	if !q.quoted() && strings.HasPrefix(strings.TrimLeft(line, " \t\n\r\f\v"), q.comment) {
		return
	}
	tripleStart := -1
	for i := 0; i < len(line); i++ {
		c := line[i]
		if q.single == 0 && q.triple == 0 && c == q.comment[0] && strings.HasPrefix(line[i:], q.comment) {
			break
		}
		if c != '"' && c != '\'' {
			continue
		}
		if i > 0 && line[i-1] == '\\' {
			continue
		}
		if q.single == c {
			q.single = 0
			continue
		}
		if q.single != 0 || !q.python {
			continue
		}
		if i >= 2 && line[i-2] == c && line[i-1] == c && i >= tripleStart+3 {
			switch q.triple {
			case c:
				q.triple = 0
				tripleStart = i
			case 0:
				q.triple = c
				tripleStart = i
			}
			continue
		}
		if q.triple != 0 {
			continue
		}
		q.single = c
	}
	if q.python {
		q.single = 0
	}
}
