package codelang

import (
	"path"
	"regexp"
	"strings"
)

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
			body = CellMagicBody(lang, trimmed)
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

// CellMagicBody returns the language of the body of a cell of a notebook
// in language lang whose first line is the cell magic head ("%%bash"
// gives "bash", "%%writefile f.py" "python", "%%timeit" lang).
func CellMagicBody(lang, head string) string {
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
			return Normal(path.Base(fields[1]))
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
