package codelang

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Default is the language of a notebook whose metadata names none
// and whose code does not read as Go: Jupyter's own, Python.
const Default = "python"

// kernelLanguages maps kernel names that are not language names to the
// language of their code.
var kernelLanguages = map[string]string{
	"gonb": "go", "python2": "python", "python3": "python", "ipython": "python",
	"ir": "r", "ijulia": "julia", "gophernotes": "go", "xcpp11": "c++", "xcpp14": "c++",
	"xcpp17": "c++", "evcxr": "rust", "bash": "bash", "javascript": "javascript",
}

// Of returns the programming language of a notebook's code cells,
// lower case, from its metadata: language_info.name, else
// kernelspec.language, else the kernel's name (gonb is Go, python3 is
// Python). A notebook whose metadata names none is Go when its code has
// what only Go (or GoNB) writes — ":=", "func ", "fmt.", a "%%" line —
// and Default otherwise.
func Of(nb *notebook.Notebook) string {
	var names []string
	var info struct {
		Name string `json:"name"`
	}
	if raw, ok := nb.Metadata["language_info"]; ok && json.Unmarshal(raw, &info) == nil {
		names = append(names, info.Name)
	}
	var spec struct {
		Language string `json:"language"`
		Name     string `json:"name"`
	}
	if raw, ok := nb.Metadata["kernelspec"]; ok && json.Unmarshal(raw, &spec) == nil {
		names = append(names, spec.Language, spec.Name)
	}
	for _, name := range names {
		if l := Normal(name); l != "" {
			return l
		}
	}
	for _, c := range nb.Cells {
		if c != nil && c.Type == notebook.Code && goCode.MatchString(c.Source) {
			return "go"
		}
	}
	return Default
}

// goCode matches code that Python never has: Go's := and func, a call of
// package fmt, GoNB's "%%" line.
var goCode = regexp.MustCompile(`:=|(?m)^\s*func\s|\bfmt\.[A-Z]|(?m)^%%\s*$`)

// Normal returns a language or kernel name as a language name: lower
// case, of the characters language names use only (so that a name read
// from a notebook is safe as a fence's info string or a class name), at
// most 40 bytes, a kernel's name mapped to its language ("gonb" is "go",
// "python3" and "python2" are "python").
func Normal(name string) string {
	name = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("+#._-", r) {
			return r
		}
		return -1
	}, strings.ToLower(strings.TrimSpace(name)))
	if len(name) > 40 {
		name = name[:40]
	}
	if l, ok := kernelLanguages[name]; ok {
		return l
	}
	for prefix, l := range map[string]string{"julia": "julia", "python": "python"} {
		if strings.HasPrefix(name, prefix) {
			return l
		}
	}
	return name
}
