package codelang

import "strings"

// GoNBCode returns the Go code of a cell of a Go notebook as a reader
// sees it, without GoNB's kernel directives: the "%%" line that starts
// the program's main (with or without its arguments, as "%% --n=3"),
// other "%" special commands ("%goflags", "%test", ...), and "!" and "!*"
// shell lines with their continuations, such as the module set-up
// "!*go mod edit -replace ...". Blank lines they leave at either end go
// too, and a cell of directives alone gives "". A cell that starts with
// a cell magic naming another language or a file ("%%bash", "%%script
// bc", "%%writefile f.go") is returned as it is: its first line says
// what the rest is.
func GoNBCode(src string) string {
	first, _, _ := strings.Cut(strings.TrimLeft(src, "\n"), "\n")
	if fields := strings.Fields(strings.TrimPrefix(first, "%%")); strings.HasPrefix(first, "%%") && len(fields) > 0 && !strings.HasPrefix(fields[0], "-") {
		return src
	}
	_, segs := Segments("go", src)
	var b strings.Builder
	hidden := false
	for _, s := range segs {
		if s.Lang == "go" {
			b.WriteString(s.Text)
		} else {
			hidden = true
		}
	}
	if !hidden {
		return src
	}
	code := strings.TrimRight(b.String(), " \t\n")
	// Leading blank lines, but not the indentation of the first line.
	for {
		line, rest, found := strings.Cut(code, "\n")
		if !found || strings.TrimSpace(line) != "" {
			return code
		}
		code = rest
	}
}
