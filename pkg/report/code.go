package report

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// DefaultLanguage is the language of a notebook whose metadata names none
// and whose code does not read as Go: Jupyter's own, Python.
const DefaultLanguage = "python"

// kernelLanguages maps kernel names that are not language names to the
// language of their code.
var kernelLanguages = map[string]string{
	"gonb": "go", "python2": "python", "python3": "python", "ipython": "python",
	"ir": "r", "ijulia": "julia", "gophernotes": "go", "xcpp11": "c++", "xcpp14": "c++",
	"xcpp17": "c++", "evcxr": "rust", "bash": "bash", "javascript": "javascript",
}

// Language returns the programming language of a notebook's code cells,
// lower case, from its metadata: language_info.name, else
// kernelspec.language, else the kernel's name (gonb is Go, python3 is
// Python). A notebook whose metadata names none is Go when its code has
// what only Go (or GoNB) writes — ":=", "func ", "fmt.", a "%%" line —
// and DefaultLanguage otherwise.
func Language(nb *notebook.Notebook) string {
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
		if l := normalLanguage(name); l != "" {
			return l
		}
	}
	for _, c := range nb.Cells {
		if c != nil && c.Type == notebook.Code && goCode.MatchString(c.Source) {
			return "go"
		}
	}
	return DefaultLanguage
}

// goCode matches code that Python never has: Go's := and func, a call of
// package fmt, GoNB's "%%" line.
var goCode = regexp.MustCompile(`:=|(?m)^\s*func\s|\bfmt\.[A-Z]|(?m)^%%\s*$`)

func normalLanguage(name string) string {
	// Only characters that language names use, so that a name read from
	// a notebook is safe as a fence's info string or a class name.
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

// A Segment is a run of lines of a code cell in one language.
type Segment struct {
	// Lang is the language of the lines (a chroma lexer name), or "" for
	// a magic command, which is shown as it is.
	Lang string
	Text string
}

// cellMagicLanguages maps IPython's and GoNB's cell magics to the
// language of the cell's body; a magic that runs the kernel's own
// language maps to "".
var cellMagicLanguages = map[string]string{
	"bash": "bash", "sh": "bash", "zsh": "bash", "html": "html", "javascript": "javascript",
	"js": "javascript", "latex": "latex", "markdown": "markdown", "ruby": "ruby", "perl": "perl",
	"svg": "xml", "sql": "sql", "r": "r", "cython": "cython", "powershell": "powershell",
	"time": "", "timeit": "", "capture": "", "prun": "", "debug": "", "": "",
}

// Segments splits a code cell in the notebook language lang into runs of
// lines by language, as the kernel reads them: a line "%%magic" gives
// the language of the lines after it (%%bash, %%writefile FILE by FILE's
// extension, %%timeit the kernel's own; GoNB's bare "%%" starts Go
// statements); lines "!cmd" (continued by a final backslash) are shell;
// other lines starting with "%" are line magics, IPython's "%timeit
// EXPR" timing code of the kernel's language, "x = !cmd" Python then
// shell; in Go, where no line starts
// with "#", such a line is a shell comment. It returns the language of
// the cell as a whole (the body's) and the segments, which join to src.
func Segments(lang, src string) (string, []Segment) {
	var segs []Segment
	add := func(l, text string) {
		if n := len(segs); n > 0 && segs[n-1].Lang == l {
			segs[n-1].Text += text
			return
		}
		segs = append(segs, Segment{Lang: l, Text: text})
	}
	if lang != "python" && lang != "go" {
		return lang, []Segment{{Lang: lang, Text: src}}
	}
	body := lang
	shell := false
	lines := strings.SplitAfter(src, "\n")
	for i, l := range lines {
		if l == "" {
			continue // after a final newline
		}
		trimmed := strings.TrimLeft(l, " \t")
		content := strings.TrimRight(l, "\n")
		switch {
		case shell || strings.HasPrefix(trimmed, "!"):
			add("bash", l)
			shell = strings.HasSuffix(content, `\`)
		case strings.HasPrefix(trimmed, "%%"):
			add("", l)
			body = cellMagicBody(lang, trimmed)
			if body != lang {
				if rest := strings.Join(lines[i+1:], ""); rest != "" {
					add(body, rest)
				}
				return body, segs
			}
		case lang == "python" && shellAssignment.MatchString(l):
			// x = !ls or x = %sx ls: Python up to the sign, then the command.
			m := shellAssignment.FindStringSubmatchIndex(l)
			add(body, l[:m[3]])
			if l[m[3]] == '!' {
				add("bash", l[m[3]:])
			} else {
				add("", l[m[3]:])
			}
		case lang == "python" && timingMagic(trimmed):
			end := len(l) - len(trimmed) + strings.IndexAny(trimmed, " \t") + 1
			add("", l[:end])
			add(body, l[end:])
		case strings.HasPrefix(trimmed, "%"),
			lang == "python" && (strings.HasPrefix(trimmed, "?") || strings.HasSuffix(strings.TrimSpace(content), "?")):
			add("", l)
		case lang == "go" && strings.HasPrefix(trimmed, "#"):
			// Not Go: a shell comment among GoNB's shell lines.
			add("bash", l)
		default:
			add(body, l)
		}
	}
	return body, segs
}

// cellMagicBody returns the language of the body of a cell whose first
// line is the cell magic head.
func cellMagicBody(lang, head string) string {
	fields := strings.Fields(strings.TrimPrefix(head, "%%"))
	if len(fields) == 0 || lang == "go" && strings.HasPrefix(fields[0], "-") {
		return lang // GoNB's "%%", perhaps with the program's arguments: Go statements
	}
	name := strings.ToLower(fields[0])
	switch name {
	case "writefile", "file":
		if len(fields) > 1 {
			if l := extLanguage(fields[len(fields)-1]); l != "" {
				return l
			}
		}
		return "text"
	case "script":
		if len(fields) > 1 {
			return normalLanguage(path.Base(fields[1]))
		}
		return "bash"
	}
	if l, ok := cellMagicLanguages[name]; ok {
		if l == "" {
			return lang
		}
		return l
	}
	return "text"
}

// extLanguage returns the language of a file by its extension, or "".
func extLanguage(file string) string {
	switch strings.ToLower(path.Ext(file)) {
	case ".py":
		return "python"
	case ".go":
		return "go"
	case ".c", ".h":
		return "c"
	case ".cpp", ".cc", ".hpp":
		return "c++"
	case ".f", ".f90", ".f95":
		return "fortran"
	case ".sh":
		return "bash"
	case ".js":
		return "javascript"
	case ".json":
		return "json"
	case ".md":
		return "markdown"
	case ".html":
		return "html"
	case ".pyx":
		return "cython"
	case ".mod", ".sum", ".txt":
		return "text"
	case ".yaml", ".yml":
		return "yaml"
	case ".toml":
		return "toml"
	}
	return ""
}

// shellAssignment matches IPython's assignment of a shell command's or a
// line magic's output, as "files = !ls"; the first group is the Python
// part.
var shellAssignment = regexp.MustCompile(`^(\s*[A-Za-z_][\w, ]*\s*=\s*)[!%]`)

// timingMagic reports whether a line is an IPython line magic that runs
// the rest of the line as Python.
func timingMagic(line string) bool {
	word, _, found := strings.Cut(line, " ")
	if !found {
		return false
	}
	switch word {
	case "%time", "%timeit", "%prun", "%debug", "%capture":
		return true
	}
	return false
}
