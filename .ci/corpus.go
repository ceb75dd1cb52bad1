//go:build ignore

// Corpus renders every notebook of a corpus of real notebooks, as
// `render -execute never` does, and checks that the site shows them as
// Jupyter does:
//
//   - every notebook gets its page and post (NAME.html and NAME.md);
//   - in each page's markdown cells there are as many formulas (MathML or a
//     formula shown as an error) as JupyterLab's rules (its rendermime
//     removeMath, written again here) find spans of math in the cells'
//     source;
//   - no formula is a MathML error: no <merror> element and no element of
//     class math-error, as package mathml writes a formula it cannot
//     convert;
//   - no formula crosses a blank line (text swallowed into it);
//   - no code block holds a lexing error: no token of chroma's class err;
//   - no math of the notebook's markdown is left as text on the page,
//     outside code and math: no $...$ the source writes with unescaped
//     dollars, and no span JupyterLab finds;
//   - the whole corpus renders within the time budget.
//
// It prints the figures (notebooks, pages, formulas, errors of each kind,
// the time taken), the notebooks at fault with examples, and exits with
// status 1 if any check fails.
//
// Usage, from the repository root (CI clones the corpus beside it):
//
//	go run .ci/corpus.go ../shared/corpus
//	go run .ci/corpus.go -budget 3s -v ../shared/corpus
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/site"
	"golang.org/x/net/html"
)

// examples is how many instances of each fault are shown per notebook.
const examples = 3

func main() {
	budget := flag.Duration("budget", 3*time.Second, "the longest the render of the whole corpus may take")
	verbose := flag.Bool("v", false, "print the figures of every notebook, not only of those at fault")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/corpus.go [-budget D] [-v] CORPUS")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := selfCheck(); err != nil {
		fmt.Fprintf(os.Stderr, "corpus: the reading of Jupyter's rules is wrong: %v\n", err)
		os.Exit(2)
	}
	ok, err := run(flag.Arg(0), *budget, *verbose)
	if err != nil {
		fmt.Fprintf(os.Stderr, "corpus: %v\n", err)
		os.Exit(1)
	}
	if !ok {
		fmt.Println("corpus check FAILED")
		os.Exit(1)
	}
	fmt.Println("corpus check passed")
}

// notebooks returns the notebooks under dir, in path order, skipping
// hidden folders such as .ipynb_checkpoints.
func notebooks(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".ipynb") {
			files = append(files, path)
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// figures are what the check counts on one notebook's page.
type figures struct {
	spans      int      // spans of math JupyterLab finds in the markdown cells
	formulas   int      // formulas on the page, in markdown cells
	allMath    int      // formulas on the whole page
	mathErrors []string // MathML errors
	lexErrors  []string // code tokens chroma could not lex
	dollars    []string // math of the source left as text
	swallowed  []string // formulas that cross a blank line
	missing    []string // files of the notebook missing from the site
}

func (f *figures) faulty() bool {
	return f.spans != f.formulas || len(f.mathErrors) > 0 || len(f.lexErrors) > 0 || len(f.dollars) > 0 || len(f.swallowed) > 0 || len(f.missing) > 0
}

func run(dir string, budget time.Duration, verbose bool) (bool, error) {
	files, err := notebooks(dir)
	if err != nil {
		return false, err
	}
	if len(files) == 0 {
		return false, fmt.Errorf("no notebooks under %s", dir)
	}
	out, err := os.MkdirTemp("", "corpus-site-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(out)

	var warnings []string
	s := &site.Site{Dir: out, Warn: func(msg string) { warnings = append(warnings, msg) }}
	cpu0 := cpuTime()
	start := time.Now()
	buildErr := s.Build(context.Background(), files)
	elapsed := time.Since(start)
	cpu := cpuTime() - cpu0

	names, err := site.PageNames(files)
	if err != nil {
		return false, err
	}
	ok := true
	if buildErr != nil {
		ok = false
		fmt.Printf("render failed:\n%v\n\n", buildErr)
	}
	for _, w := range warnings {
		fmt.Printf("render warning: %s\n", w)
	}
	var total figures
	pages, faulty, found := 0, 0, 0
	for i, file := range files {
		f, err := check(file, filepath.Join(out, names[i]))
		if err != nil {
			return false, fmt.Errorf("%s: %w", file, err)
		}
		if len(f.missing) == 0 {
			pages++
		}
		total.spans += f.spans
		found += min(f.spans, f.formulas)
		total.formulas += f.formulas
		total.allMath += f.allMath
		total.mathErrors = append(total.mathErrors, f.mathErrors...)
		total.lexErrors = append(total.lexErrors, f.lexErrors...)
		total.dollars = append(total.dollars, f.dollars...)
		total.swallowed = append(total.swallowed, f.swallowed...)
		if f.faulty() {
			faulty++
			ok = false
		}
		if f.faulty() || verbose {
			rel, _ := filepath.Rel(dir, file)
			fmt.Printf("%s: %d math spans (Jupyter), %d formulas in markdown cells, %d MathML errors, %d lexing errors, %d math left as text, %d formulas across a blank line\n",
				rel, f.spans, f.formulas, len(f.mathErrors), len(f.lexErrors), len(f.dollars), len(f.swallowed))
			show("missing", f.missing)
			show("MathML error", f.mathErrors)
			show("lexing error", f.lexErrors)
			show("left as text", f.dollars)
			show("across a blank line", f.swallowed)
		}
	}
	fmt.Printf("\nnotebooks      %d\n", len(files))
	fmt.Printf("pages          %d\n", pages)
	fmt.Printf("math spans     %d (JupyterLab's rules, markdown cells)\n", total.spans)
	fmt.Printf("formulas       %d in markdown cells, %d in all\n", total.formulas, total.allMath)
	if total.spans > 0 {
		fmt.Printf("found          %.1f%% of the spans (notebook by notebook, at most as many formulas as spans)\n", 100*float64(found)/float64(total.spans))
	}
	fmt.Printf("MathML errors  %d\n", len(total.mathErrors))
	fmt.Printf("lexing errors  %d\n", len(total.lexErrors))
	fmt.Printf("math as text   %d\n", len(total.dollars))
	fmt.Printf("swallowed      %d formulas across a blank line\n", len(total.swallowed))
	fmt.Printf("faulty         %d notebooks\n", faulty)
	fmt.Printf("render time    %.2fs (budget %v); %.2fs of CPU\n", elapsed.Seconds(), budget, cpu.Seconds())
	if pages != len(files) {
		fmt.Printf("FAIL: %d of %d notebooks have no page\n", len(files)-pages, len(files))
	}
	if elapsed > budget {
		ok = false
		fmt.Printf("FAIL: the render took %.2fs, over the budget of %v\n", elapsed.Seconds(), budget)
	}
	return ok, nil
}

// cpuTime returns the CPU time this process has used, user and system,
// which a busy machine inflates less than the time on the clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func show(what string, items []string) {
	for i, it := range items {
		if i == examples {
			fmt.Printf("    ... and %d more\n", len(items)-examples)
			break
		}
		fmt.Printf("    %s: %s\n", what, it)
	}
}

// check checks the page and post of the notebook file, whose site files
// are base+".html" and base+".md".
func check(file, base string) (*figures, error) {
	f := &figures{}
	for _, ext := range []string{".md", ".html"} {
		if _, err := os.Stat(base + ext); err != nil {
			f.missing = append(f.missing, filepath.Base(base+ext))
		}
	}
	nb, err := notebook.ReadFile(file)
	if err != nil {
		return f, nil // the build reported it, and the page is missing
	}
	var source, spans []string
	for _, c := range nb.Cells {
		if shown, _ := report.Shown(c); c.Type == notebook.Markdown && shown {
			source = append(source, c.Source)
			spans = append(spans, jupyterMath(c.Source)...)
		}
	}
	f.spans = len(spans)
	if len(f.missing) > 0 {
		return f, nil
	}
	data, err := os.ReadFile(base + ".html")
	if err != nil {
		return nil, err
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	inspect(doc, f, &markdownSource{strings.Join(source, "\n\n"), spans}, false)
	return f, nil
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" && slices.Contains(strings.Fields(a.Val), class) {
			return true
		}
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// inspect counts the formulas and errors under n; markdownCell says n is
// inside a markdown cell.
func inspect(n *html.Node, f *figures, source *markdownSource, markdownCell bool) {
	if n.Type == html.ElementNode {
		switch {
		case n.Data == "div" && hasClass(n, "cell"):
			markdownCell = hasClass(n, "markdown")
		case hasClass(n, "math-tag"):
			// The tag of the formula beside it (package mathml sets it
			// apart, in its own <math>): part of that formula, as MathJax
			// typesets a tagged equation as one.
			return
		case n.Data == "math":
			f.allMath++
			if markdownCell {
				f.formulas++
			}
			if tex := attrOfAnnotation(n); blankLine.MatchString(tex) {
				f.swallowed = append(f.swallowed, clip(tex))
			}
			for _, e := range elements(n, "merror") {
				f.mathErrors = append(f.mathErrors, fmt.Sprintf("<merror>%s</merror> in %s", htmltext.Text(e), clip(attrOfAnnotation(n))))
			}
			return
		case hasClass(n, "math-error"):
			f.allMath++
			if markdownCell {
				f.formulas++
			}
			if blankLine.MatchString(htmltext.Text(n)) {
				f.swallowed = append(f.swallowed, clip(htmltext.Text(n)))
			}
			f.mathErrors = append(f.mathErrors, fmt.Sprintf("%s (%s)", clip(htmltext.Text(n)), clip(attr(n, "title"))))
			return
		case n.Data == "pre":
			for _, e := range elements(n, "span") {
				if hasClass(e, "err") {
					f.lexErrors = append(f.lexErrors, fmt.Sprintf("%q in %s", htmltext.Text(e), clip(lineOf(e))))
				}
			}
			return
		case n.Data == "code" || n.Data == "script" || n.Data == "style" || n.Data == "svg":
			return
		case blockElements[n.Data]:
			f.dollars = append(f.dollars, source.literalMath(blockText(n))...)
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		inspect(c, f, source, markdownCell)
	}
}

// blockElements hold text that Markdown could have put a formula in.
var blockElements = map[string]bool{
	"p": true, "li": true, "td": true, "th": true, "dt": true, "dd": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

// blockText returns the text of a block element outside code, math and
// the blocks nested in it (which are inspected on their own).
func blockText(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type != html.ElementNode:
			case c.Data == "code", c.Data == "math", c.Data == "pre", c.Data == "script", c.Data == "style", c.Data == "svg":
				b.WriteString(" ")
			case blockElements[c.Data]:
				b.WriteString("\n\n")
			default:
				rec(c)
			}
		}
	}
	rec(n)
	return b.String()
}

// dollarSpan matches what would be inline or display math in text.
var dollarSpan = regexp.MustCompile(`\$\$?[^$]*[^$\s][^$]*\$\$?`)

// markdownSource is the source of a notebook's markdown cells.
type markdownSource struct {
	text  string
	spans []string // of math, by JupyterLab's rules
}

// literalMath returns the math of the source that a page's text shows as
// text: the $...$ spans of text that the source writes with unescaped
// dollars (a dollar the author escaped, \$, is text in Jupyter too), and
// the spans of math that appear whole in text.
func (s *markdownSource) literalMath(text string) []string {
	var found []string
	seen := map[string]bool{}
	add := func(m string) {
		if !seen[m] {
			seen[m] = true
			found = append(found, clip(m))
		}
	}
	for _, para := range strings.Split(text, "\n\n") {
		for _, m := range dollarSpan.FindAllString(para, -1) {
			if inSourceUnescaped(m, s.text) {
				add(m)
			}
		}
		words := strings.Join(strings.Fields(para), " ")
		for _, span := range s.spans {
			if m := strings.Join(strings.Fields(span), " "); strings.Contains(words, m) {
				add(m)
			}
		}
	}
	return found
}

// inSourceUnescaped reports whether source holds span with its first
// dollar not escaped.
func inSourceUnescaped(span, source string) bool {
	for i := 0; ; {
		j := strings.Index(source[i:], span)
		if j < 0 {
			return false
		}
		if at := i + j; at == 0 || source[at-1] != '\\' {
			return true
		}
		i += j + 1
	}
}

// elements returns the elements named name under n.
func elements(n *html.Node, name string) []*html.Node {
	var out []*html.Node
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == name {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return out
}

// attrOfAnnotation returns the TeX a <math> element was made from.
func attrOfAnnotation(n *html.Node) string {
	if a := elements(n, "annotation"); len(a) > 0 {
		return htmltext.Text(a[0])
	}
	return htmltext.Text(n)
}

// lineOf returns the line of code around a token.
func lineOf(tok *html.Node) string {
	var before, after strings.Builder
	for s := tok.PrevSibling; s != nil; s = s.PrevSibling {
		t := htmltext.Text(s)
		if i := strings.LastIndexByte(t, '\n'); i >= 0 {
			before.WriteString(reverse(t[i+1:]))
			break
		}
		before.WriteString(reverse(t))
	}
	for s := tok.NextSibling; s != nil; s = s.NextSibling {
		t := htmltext.Text(s)
		if i := strings.IndexByte(t, '\n'); i >= 0 {
			after.WriteString(t[:i])
			break
		}
		after.WriteString(t)
	}
	return strings.TrimSpace(reverse(before.String()) + htmltext.Text(tok) + after.String())
}

func reverse(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}

// clip shortens s for a message.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		return fmt.Sprintf("%q...", string(r[:80]))
	}
	return fmt.Sprintf("%q", s)
}

// mathSplit splits Markdown into text and the tokens that open or close
// math, as JupyterLab's MATHSPLIT does: dollars, \begin{env} and
// \end{env}, escaped braces and dollars, braces, line breaks with the
// space after them (JavaScript's \s, which holds more than Go's), @@n@@ markers, and \\( \\) \\[ \\] as the Markdown
// source writes them.
var mathSplit = regexp.MustCompile(`(?i)\$\$?|\\(?:begin|end)\{[a-z]*\*?\}|\\[{}$]|[{}]|(?:\n[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]*)+|@@\d+@@|\\\\(?:\(|\)|\[|\])`)

// jupyterMath returns the spans of math JupyterLab finds in a markdown
// cell's source (its rendermime removeMath): between $ and $, $$ and $$,
// \\( and \\), \\[ and \\], \begin{env} and \end{env}; braces balance
// inside; math never crosses a blank line; code spans and fenced code hide
// dollars. An unclosed span ends at the last closer seen while braces were
// open, if any.
func jupyterMath(src string) []string {
	src = hideCode(strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n"))
	// blocks alternates text and tokens: tokens at odd indices.
	var blocks []string
	prev := 0
	for _, m := range mathSplit.FindAllStringIndex(src, -1) {
		blocks = append(blocks, src[prev:m[0]], src[m[0]:m[1]])
		prev = m[1]
	}
	blocks = append(blocks, src[prev:])

	offsets := make([]int, len(blocks))
	for i := 1; i < len(blocks); i++ {
		offsets[i] = offsets[i-1] + len(blocks[i-1])
	}
	var spans []string
	start, last, braces := -1, -1, 0
	end := ""
	process := func(i, j int) {
		// MathJax does not look inside code, so a span that starts in an
		// indented code block is shown as code, by Jupyter too.
		if !inIndentedCode(src, offsets[i]) {
			spans = append(spans, strings.Join(blocks[i:j+1], ""))
		}
		start, last, end = -1, -1, ""
	}
	for i := 1; i < len(blocks); i += 2 {
		block := blocks[i]
		switch {
		case block[0] == '@':
		case start >= 0:
			switch {
			case block == end:
				if braces > 0 {
					last = i
				} else {
					process(start, i)
				}
			case jsBlankLine.MatchString(block):
				if last >= 0 {
					i = last
					process(start, i)
				}
				start, last, end, braces = -1, -1, "", 0
			case block == "{":
				braces++
			case block == "}" && braces > 0:
				braces--
			}
		case block == "$" || block == "$$":
			start, end, braces = i, block, 0
		case block == `\\(` || block == `\\[`:
			start, braces = i, 0
			end = `\\)`
			if block[2] == '[' {
				end = `\\]`
			}
		case len(block) > 6 && block[1:6] == "begin": // in lower case, though the token may be in any
			start, end, braces = i, `\end`+block[6:], 0
		}
	}
	if start >= 0 && last >= 0 {
		process(start, last)
	}
	return spans
}

// inIndentedCode reports whether the byte at offset of src is on a line of
// an indented code block: indented by four columns, first in the cell or
// after a blank line or another such line, and not the content of a list
// item, which CommonMark indents as far as the item's text and reads as
// code only four columns further.
func inIndentedCode(src string, offset int) bool {
	lines := strings.Split(src, "\n")
	at := strings.Count(src[:offset], "\n")
	indented := func(l string) bool { return strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t") }
	for i := at; i >= 0; i-- {
		switch {
		case i < at && strings.TrimSpace(lines[i]) == "":
			return !inListItem(lines, at)
		case !indented(lines[i]):
			return false
		case i == 0:
			return true
		}
	}
	return false
}

// listItem matches the start of a list item: its indentation, marker and
// the spaces after it.
var listItem = regexp.MustCompile(`^([ \t]*)([-+*]|[0-9]{1,9}[.)])([ \t]+|$)`)

// columns returns the width of s, a tab taking four columns.
func columns(s string) int {
	return len(s) + 3*strings.Count(s, "\t")
}

// inListItem reports whether line at, after a blank line, is the content
// of a list item above it and not code within that item.
func inListItem(lines []string, at int) bool {
	indent := columns(lines[at][:len(lines[at])-len(strings.TrimLeft(lines[at], " \t"))])
	for i := at - 1; i >= 0; i-- {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if m := listItem.FindStringSubmatch(l); m != nil {
			content := columns(m[1]) + len(m[2]) + 1
			if spaces := columns(m[3]); spaces >= 1 && spaces <= 4 && len(m[0]) < len(l) {
				content = columns(m[1]) + len(m[2]) + spaces
			}
			if indent >= content {
				return indent < content+4
			}
			continue // an item within another: the line may belong to the outer one
		}
		if columns(l[:len(l)-len(strings.TrimLeft(l, " \t"))]) < 4 && (i == 0 || strings.TrimSpace(lines[i-1]) == "") {
			return false // a paragraph outside any list
		}
	}
	return false
}

// jsBlankLine matches a token of line breaks and space that holds a blank
// line, as /\n.*\n/ does in JavaScript, whose dot matches no line
// terminator.
var jsBlankLine = regexp.MustCompile(`\n[^\n\r\x{2028}\x{2029}]*\n`)

// blankLine matches a blank line in a formula's TeX.
var blankLine = regexp.MustCompile(`\n[ \t\r\f\v]*\n`)

// hideCode replaces the dollars inside fenced code and code spans with a
// byte that is not a dollar, as JupyterLab does before it looks for math.
func hideCode(src string) string {
	if !strings.ContainsAny(src, "`~") {
		return src
	}
	b := []byte(src)
	hide := func(from, to int) {
		for k := from; k < to; k++ {
			if b[k] == '$' {
				b[k] = 0
			}
		}
	}
	// Fenced code: a line of three or more backticks or tildes, up to a
	// line of the same fence.
	lines := strings.SplitAfter(src, "\n")
	offset, fence, fenceStart := 0, "", 0
	for _, line := range lines {
		switch {
		case fence != "":
			if strings.HasPrefix(line, fence) && strings.Trim(strings.TrimRight(line, "\n"), "`") == strings.Trim(fence, "`") {
				hide(fenceStart, offset+len(line))
				fence = ""
			}
		case strings.HasPrefix(line, "```"), strings.HasPrefix(line, "~~~"):
			c := line[0]
			n := 0
			for n < len(line) && line[n] == c {
				n++
			}
			if !strings.Contains(line[n:], "`") { // an info string holds no backtick
				fence, fenceStart = line[:n], offset
			}
		}
		offset += len(line)
	}
	// Code spans: a run of backticks not escaped, up to a run of as many
	// on the same line, with something between that does not end in a
	// backtick.
	for i := 0; i < len(b); {
		if b[i] != '`' || (i > 0 && b[i-1] == '\\') {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		close := -1
		for j := i + n; j < len(b) && b[j] != '\n'; j++ {
			if b[j] != '`' {
				continue
			}
			m := 0
			for j+m < len(b) && b[j+m] == '`' {
				m++
			}
			if m == n && b[j-1] != '`' && j > i+n {
				close = j
				break
			}
			j += m - 1
		}
		if close < 0 {
			i += n
			continue
		}
		hide(i, close+n)
		i = close + n
	}
	return string(b)
}

// selfCheck runs jupyterMath on cases whose spans JupyterLab's rules
// settle, so that the figures rest on a checked reading of them.
func selfCheck() error {
	for _, tc := range []struct {
		src   string
		spans []string
	}{
		{"a $ \\beta $, b", []string{"$ \\beta $"}},
		{"p $x$ and $$y$$ q", []string{"$x$", "$$y$$"}},
		{"`$a` and `$b` are names", nil},
		{"``$a` b`` and $c$", []string{"$c$"}},
		{"x $ a { $ y", []string{"$ a { $"}},
		{"x $ a { } $ y", []string{"$ a { } $"}},
		{"x $ a {$ b } $ y", []string{"$ a {$ b } $"}},
		{"x $$\nfoo\n$$ y", []string{"$$\nfoo\n$$"}},
		{"x \\begin{align} a \\end{align} y", []string{"\\begin{align} a \\end{align}"}},
		{"x \\begin{align} a \\end{gather} y", nil},
		{"x \\\\(a\\\\) and \\\\[b\\\\] y", []string{"\\\\(a\\\\)", "\\\\[b\\\\]"}},
		{"x \\(a\\) y", nil},
		{"a $b\n\nc$ d", nil},
		{"a $b\n  \t\nc$ d", nil},
		{"a $b\nc$ d", []string{"$b\nc$"}},
		{"\\$5 and \\$6", nil},
		{"```\n$a$\n```\n$b$", []string{"$b$"}},
		{"~~~ py\n$a$\n~~~\n$b$", []string{"$b$"}},
		{"@@0@@ $a$", []string{"$a$"}},
		{"    $ cmd\n    $ cmd2", nil},
		{"text\n    $ a\n    $ b", []string{"$ a\n    $"}},
		{"1. a\n\n    $x$ b", []string{"$x$"}},
		{"- a\n    - b\n\n    $x$", []string{"$x$"}},
		{"- a\n\n        $x$", nil},
		{"para\n\n    $x$", nil},
		{"- a\n\npara\n\n    $x$", nil},
	} {
		if got := jupyterMath(tc.src); !slices.Equal(got, tc.spans) {
			return fmt.Errorf("spans of %q: got %q, want %q", tc.src, got, tc.spans)
		}
	}
	return nil
}
