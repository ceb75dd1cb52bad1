package textnotebook

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A script is the syntax of one language's percent scripts.
type script struct {
	lang, comment string
	start         *regexp.Regexp // start matches "# %% options".
	bare          *regexp.Regexp // bare matches "# %%" alone, "# <codecell>", "# In[1]:".
	magic         *regexp.Regexp // magic matches a commented magic command.
	codeStart     *regexp.Regexp // codeStart matches an escaped "# +" code start.
}

// scriptSyntax holds the syntax of the percent scripts of each comment.
var scriptSyntax = map[string]*script{"#": newScript("#"), "//": newScript("//")}

// newScript returns the syntax of scripts whose comments start with
// comment; magics are read as in Python unless the comment is Go's.
func newScript(comment string) *script {
	lang := "python"
	if comment == "//" {
		lang = "go"
	}
	c := regexp.QuoteMeta(comment)
	magic := `^\s*(` + c + ` |` + c + `)*(%|%%|%%%)[a-zA-Z]`
	if lang == "go" {
		// GoNB's "!" and "!*" shell lines are magics too.
		magic = `^(// |//)*(!|!\*|%|%%|%%%)[a-zA-Z]`
	}
	return &script{
		lang: lang, comment: comment,
		start:     regexp.MustCompile(`^\s*` + c + `\s*%%(%*)\s(.*)$`),
		bare:      regexp.MustCompile(`^\s*` + c + `\s*(%%|<codecell>|In\[[0-9 ]*\]:?)\s*$`),
		magic:     regexp.MustCompile(magic),
		codeStart: regexp.MustCompile(`^(` + c + ` |` + c + `)*(` + c + `|` + c + ` )\+`),
	}
}

// Python's other escaped commands, as jupytext recognises them: help and
// shell commands, magics assigned to a name, and bare shell commands.
var (
	pyHelpOrShell = regexp.MustCompile(`^\s*(# |#)*\s*(\?|!)\s*[A-Za-z\.\~\$\\\/\{\}]`)
	pyMagicAssign = regexp.MustCompile(`^(# |#)*\s*([a-zA-Z_][a-zA-Z_$0-9]*)\s*=\s*(%|%%|%%%|!)[a-zA-Z](.*)`)
	pyShellCmd    = regexp.MustCompile(`^(# |#)*(cat|cd|cp|mv|rm|rmdir|mkdir|copy|ddir|echo|ls|ldir|ren)($|\s$|\s[^=,])`)
	pyHelp        = regexp.MustCompile(`^\s*(# )*[^\s]*\?\s*$`)
	continuation  = regexp.MustCompile(`.*\\\s*$`)
	gonbMain      = regexp.MustCompile(`^((//\s*)*)(//\s*gonb:%%)`)
	encodingLine  = regexp.MustCompile(`^[ \t\f]*(#|//).*?coding[:=][ \t]*([-_.a-zA-Z0-9]+)`)
	jupyterKey    = regexp.MustCompile(`^jupyter\s*:\s*$`)
	activeSep     = regexp.MustCompile(`\.|,`)
)

// isMagic reports whether a line of code is a commented Jupyter magic,
// which the script comments and the notebook has plain.
func (s *script) isMagic(line string) bool {
	if s.magic.MatchString(line) {
		return true
	}
	if s.lang != "python" {
		return false
	}
	return pyHelpOrShell.MatchString(line) || pyMagicAssign.MatchString(line) ||
		pyHelp.MatchString(line) || pyShellCmd.MatchString(line)
}

// unesc removes one comment from the line, after its indentation.
func (s *script) unesc(line string) string {
	rest := strings.TrimLeft(line, " \t\n\r\f\v")
	indent := line[:len(line)-len(rest)]
	if r, ok := strings.CutPrefix(rest, s.comment+" "); ok {
		return indent + r
	}
	if r, ok := strings.CutPrefix(rest, s.comment); ok {
		return indent + r
	}
	return line
}

// uncomment removes prefix and a space, or prefix alone, from each line
// that starts with it.
func uncomment(lines []string, prefix string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if r, ok := strings.CutPrefix(l, prefix+" "); ok {
			out[i] = r
		} else {
			out[i] = strings.TrimPrefix(l, prefix)
		}
	}
	return out
}

// percent reads a percent script as jupytext does: a header of commented
// YAML whose jupyter key is the notebook's metadata (its other keys a
// first raw cell), then cells, each opened by a "# %%" line ("// %%" in
// Go) that may carry a title, a type ([markdown], [md], [raw]) and
// metadata (key=value pairs or a JSON object). Markdown and raw cells
// lose their comment prefix; code cells have their commented magics
// ("# %time", "// !*go mod ...") uncommented, and "//gonb:%%" is GoNB's
// "%%". A marker inside a Python string is text. Text before the first
// marker is a code cell.
func (r *reader) percent(lang, comment string) error {
	s := *scriptSyntax[comment]
	s.lang = lang
	pos, err := r.percentHeader(&s)
	if err != nil {
		return err
	}
	if !r.hasMarker(&s, pos) {
		return &Error{Path: r.path, Msg: "no " + comment + " %% cell marker: render reads scripts in jupytext's percent format only", Err: ErrFormat}
	}
	lang = r.scriptLanguage(lang)
	first := true
	for pos < len(r.lines) {
		next, err := r.percentCell(&s, lang, pos, first)
		if err != nil {
			return err
		}
		first = false
		pos = next
		if len(r.nb.Cells) > MaxCells {
			return nil
		}
	}
	r.setLanguage(strings.ToLower(lang))
	return nil
}

// hasMarker reports whether a line from pos opens a cell.
func (r *reader) hasMarker(s *script, pos int) bool {
	for _, l := range r.lines[pos:] {
		if s.start.MatchString(l) || s.bare.MatchString(l) {
			return true
		}
	}
	return false
}

// scriptLanguage returns the language of the code: the kernelspec's, else
// the extension's.
func (r *reader) scriptLanguage(lang string) string {
	var ks struct {
		Language string `json:"language"`
	}
	if raw, ok := r.nb.Metadata["kernelspec"]; ok {
		json.Unmarshal(raw, &ks) // a kernelspec that is not an object names nothing
	}
	if ks.Language != "" {
		return ks.Language
	}
	return lang
}

// percentCell reads the cell at pos and returns where the next starts.
func (r *reader) percentCell(s *script, lang string, pos int, first bool) (int, error) {
	lines := r.lines[pos:]
	meta := map[string]any{}
	start := 0
	switch {
	case s.start.MatchString(lines[0]):
		l := uncomment([]string{lines[0]}, s.comment)[0]
		var err error
		if meta, err = percentOptions(l[strings.Index(l, "%%")+2:]); err != nil {
			return 0, r.errorAt(pos, err, "cell marker")
		}
		start = 1
	case s.bare.MatchString(lines[0]):
		start = 1
	}
	typ := notebook.Code
	if t, ok := meta["cell_type"].(string); ok {
		delete(meta, "cell_type")
		typ = notebook.CellType(t)
	} else if !isActive("ipynb", meta) {
		if a, ok := meta["active"].(string); ok && a == "" {
			delete(meta, "active")
		}
		typ = notebook.Raw
	}
	// The cell ends where the next marker outside a string starts, less
	// one or two blank lines before it.
	next := len(lines)
	q := newQuotes(lang, s.comment)
	for i, l := range lines {
		if q.quoted() {
			q.read(l)
			continue
		}
		q.read(l)
		if i > 0 && (s.start.MatchString(l) || s.bare.MatchString(l)) {
			next = i
			break
		}
	}
	end := next
	switch {
	case end >= 2 && blank(lines[end-1]) && blank(lines[end-2]):
		end -= 2
	case end >= 1 && blank(lines[end-1]):
		end--
	}
	content := lines[start:max(start, end)]
	if first && start == 0 && len(trimBlank(content)) == 0 {
		return pos + next, nil
	}
	// A cell in another language than the notebook's is commented in the
	// script and marked language="html": in the notebook it is a cell
	// magic, "%%html".
	cellLang, _ := meta["language"].(string)
	delete(meta, "language")
	if cellLang != "" && typ == notebook.Code {
		content = uncomment(content, s.comment)
		if !strings.EqualFold(cellLang, lang) {
			head := "%%" + cellLang
			if args, ok := meta["magic_args"].(string); ok {
				head += " " + args
				delete(meta, "magic_args")
			}
			content = append([]string{head}, content...)
		}
	} else {
		content = r.percentContent(s, lang, typ, meta, content)
	}
	c := &notebook.Cell{Type: typ, Source: strings.Join(content, "\n")}
	md, err := metadataOf(meta)
	if err != nil {
		return 0, r.errorAt(pos, err, "cell metadata")
	}
	c.Metadata = md
	r.add(c, pos)
	return pos + next, nil
}

// percentContent returns the text of a cell from its lines in the script.
func (r *reader) percentContent(s *script, lang string, typ notebook.CellType, meta map[string]any, lines []string) []string {
	lines = append([]string(nil), lines...)
	if s.comment == "#" && lang == "python" && typ != notebook.Code {
		if body, marker, ok := tripleQuoted(lines); ok {
			meta["cell_marker"] = marker
			return body
		}
	}
	if !isActive(scriptExt(lang), meta) {
		return uncomment(lines, s.comment)
	}
	q := newQuotes(lang, s.comment)
	nextIsMagic := false
	for i, l := range lines {
		if !q.quoted() && (nextIsMagic || s.isMagic(l)) {
			lines[i] = s.unesc(l)
			nextIsMagic = lang == "python" && continuation.MatchString(l)
		}
		q.read(l)
	}
	if lang == "go" {
		for i, l := range lines {
			lines[i] = gonbMain.ReplaceAllString(l, "$1%%")
		}
	}
	if typ == notebook.Code {
		q := newQuotes(lang, s.comment)
		for i, l := range lines {
			if !q.quoted() && s.codeStart.MatchString(l) {
				if u := s.unesc(l); s.codeStart.MatchString(u) {
					lines[i] = u
				}
			}
			q.read(l)
		}
		return lines
	}
	return uncomment(lines, s.comment)
}

// tripleQuoted returns the text of a Python Markdown cell written as a
// string in triple quotes, and the quote that marks it.
func tripleQuoted(lines []string) ([]string, string, bool) {
	content := strings.TrimSpace(strings.Join(lines, "\n"))
	for _, prefix := range []string{"", "r", "R"} {
		for _, quote := range []string{`"""`, `'''`} {
			left, right := prefix+quote, quote
			if !strings.HasPrefix(content, left) || !strings.HasSuffix(content, right) || len(content) < len(left)+len(right) {
				continue
			}
			body := content[len(left) : len(content)-len(right)]
			if b, ok := strings.CutPrefix(body, "\n"); ok {
				body, left = b, left+"\n"
			}
			if b, ok := strings.CutSuffix(body, "\n"); ok {
				body, right = b, "\n"+right
			}
			marker := left + "," + right
			switch {
			case prefix == "" && len(left) == 4 && len(right) == 4:
				marker = left[:3]
			case prefix != "" && len(left)-1 == 4 && len(right) == 4:
				marker = left[:4]
			}
			return strings.Split(body, "\n"), marker, true
		}
	}
	return nil, "", false
}

// scriptExt returns the extension jupytext's "active" metadata names
// scripts of the language by.
func scriptExt(lang string) string {
	switch strings.ToLower(lang) {
	case "python":
		return "py"
	case "julia":
		return "jl"
	case "r":
		return "R"
	}
	return strings.ToLower(lang)
}

// isActive reports whether a cell runs in files of the extension (without
// its dot), by its metadata "active" or an "active-..." tag, as jupytext
// decides.
func isActive(ext string, meta map[string]any) bool {
	if rc, ok := meta["run_control"].(map[string]any); ok && rc["frozen"] == true {
		return ext == "ipynb"
	}
	if tags, ok := meta["tags"].([]any); ok {
		for _, t := range tags {
			if t, ok := t.(string); ok && strings.HasPrefix(t, "active-") {
				return contains(strings.Split(t, "-"), ext)
			}
		}
	}
	a, ok := meta["active"]
	if !ok {
		return true
	}
	s, _ := a.(string)
	return contains(activeSep.Split(s, -1), ext)
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// percentHeader reads the commented YAML header at the top of the script
// and returns the line after it.
func (r *reader) percentHeader(s *script) (int, error) {
	extra := map[string]any{}
	start := 0
	var header, jupyter []string
	inJupyter, started, ended := false, false, false
	headerLine, i := 0, 0
	for ; i < len(r.lines); i++ {
		line := r.lines[i]
		if i == 0 && strings.HasPrefix(line, "#!") {
			extra["executable"] = line[2:]
			start = 1
			continue
		}
		if i == 0 || i == 1 && !encodingLine.MatchString(r.lines[0]) {
			if m := encodingLine.FindStringSubmatch(line); m != nil && strings.HasPrefix(strings.TrimLeft(line, " \t\f"), s.comment) {
				if !strings.EqualFold(m[2], "utf-8") {
					return 0, r.errorAt(i, nil, "encoding %s: only UTF-8 is read", m[2])
				}
				extra["encoding"] = line
				start = i + 1
				continue
			}
		}
		if !strings.HasPrefix(line, s.comment) {
			break
		}
		l := uncomment([]string{line}, s.comment)[0]
		if frontMatterRule.MatchString(l) {
			if !started {
				started, headerLine = true, i
				continue
			}
			ended = true
			break
		}
		if !started && !blank(l) {
			break
		}
		if jupyterKey.MatchString(l) {
			inJupyter = true
		} else if l != "" && l[0] != ' ' && l[0] != '\t' {
			inJupyter = false
		}
		if inJupyter {
			jupyter = append(jupyter, l)
		} else {
			header = append(header, l)
		}
	}
	if !ended {
		if started {
			return 0, r.errorAt(headerLine, nil, "header opened here is never closed by a %s --- line", s.comment)
		}
		return start, r.setJupytext(extra, 0)
	}
	if len(jupyter) > 0 {
		m, err := yamlMapping(r.yaml, strings.Join(jupyter, "\n"))
		if err != nil {
			return 0, r.errorAt(headerLine, err, "header")
		}
		j, ok := m["jupyter"].(map[string]any)
		if !ok && m["jupyter"] != nil {
			return 0, r.errorAt(headerLine, nil, "the header's jupyter key holds a %s, not a mapping", kindOf(m["jupyter"]))
		}
		md, err := metadataOf(j)
		if err != nil {
			return 0, r.errorAt(headerLine, err, "header")
		}
		r.nb.Metadata = md
	}
	if err := r.setJupytext(extra, headerLine); err != nil {
		return 0, err
	}
	if len(trimBlank(header)) > 0 {
		r.add(&notebook.Cell{Type: notebook.Raw, Source: "---\n" + strings.Join(header, "\n") + "\n---"}, headerLine)
	}
	next := i + 1
	if next < len(r.lines) && blank(uncomment([]string{r.lines[next]}, s.comment)[0]) {
		next++
	}
	return next, nil
}

// setJupytext records the executable and encoding lines in the notebook's
// jupytext metadata, as jupytext does.
func (r *reader) setJupytext(extra map[string]any, line int) error {
	if len(extra) == 0 {
		return nil
	}
	j := map[string]any{}
	if raw, ok := r.nb.Metadata["jupytext"]; ok {
		json.Unmarshal(raw, &j) // jupytext metadata that is not an object is replaced
	}
	for k, v := range extra {
		j[k] = v
	}
	if err := r.nb.Metadata.Set("jupytext", j); err != nil {
		return r.errorAt(line, err, "header")
	}
	return nil
}
