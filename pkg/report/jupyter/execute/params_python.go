package execute

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// pythonAssignment matches a top-level assignment of one name in Python,
// as papermill reads a parameters cell: the name, an optional annotation,
// and the value ("==" is a comparison, not an assignment).
var pythonAssignment = regexp.MustCompile(`^([\p{L}_][\p{L}\p{N}_]*)\s*(?::([^=]*))?=([^=].*|)$`)

// pythonString matches the start of a Python str literal (not bytes).
var pythonString = regexp.MustCompile(`^(?:[rRuUfF]|[rR][fF]|[fF][rR])?['"]`)

// pythonStringLiteral matches a whole one-line Python str literal.
var pythonStringLiteral = regexp.MustCompile(`^(?:[rRuU])?(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')$`)

// pythonParameterList returns the names a Python parameters cell assigns
// at top level (lines that start with a name; indented lines are inside a
// block) in order, whether each is a string, by its annotation or its
// value, and the range a comment on its line declares. The error is for a
// malformed range.
func pythonParameterList(src string) ([]declared, error) {
	var out []declared
	for line := range strings.SplitSeq(src, "\n") {
		m := pythonAssignment.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		name, annotation := m[1], strings.Trim(strings.TrimSpace(m[2]), `"'`)
		value, comment, _ := cutPythonComment(m[3])
		value = strings.TrimSpace(value)
		d := declared{name: name, str: annotation == "str" || annotation == "" && pythonString.MatchString(value)}
		var err error
		if d.rng, err = parseRange(name, comment, value); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// cutPythonComment splits a line of Python at the "#" that starts its
// comment, outside string literals.
func cutPythonComment(line string) (code, comment string, found bool) {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '\'' || c == '"':
			quote = c
		case c == '#':
			return line[:i], line[i+1:], true
		}
	}
	return line, "", false
}

// pythonInjectedSource returns the source of the cell that assigns the
// parameters their values in Python, as papermill's injected cell does. A
// string parameter's value is text, quoted unless it is a str literal
// already; any other value is a Python expression on one line, written as
// given (a line starting with "!" or "%" would be an IPython command, and
// is refused).
func pythonInjectedSource(paramsCell string, params []Param) (string, error) {
	list, err := pythonParameterList(paramsCell)
	if err != nil {
		return "", err
	}
	decls := byName(list)
	var b strings.Builder
	b.WriteString("# Parameters injected by render -p.\n")
	for _, p := range params {
		d, err := lookup(decls, p, "assigns", "assigned")
		if err != nil {
			return "", err
		}
		value := strings.TrimSpace(p.Value)
		switch {
		case d.str && !pythonStringLiteral.MatchString(value):
			// Go's quoting of valid UTF-8 without control characters
			// uses only escapes Python's str literals share.
			value = strconv.Quote(p.Value)
		case value == "":
			return "", fmt.Errorf("%s: the value is empty", p.Name)
		case strings.HasPrefix(value, "!") || strings.HasPrefix(value, "%"):
			return "", fmt.Errorf("%s=%s: the value is not a Python expression", p.Name, p.Value)
		}
		if err := d.inRange(value); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s = %s\n", p.Name, value)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
