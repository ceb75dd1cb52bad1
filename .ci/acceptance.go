//go:build ignore

// Acceptance renders notebooks written for Quarto and for Jupyter Book
// or MyST (their projects' own documentation and test notebooks, kept
// outside the repository) as `render -execute never` does, and reports,
// per notebook and for its page and its post, every construct of the
// writers' Markdown left as literal text and every reference left
// unresolved:
//
//   - fenced divs and directives: a line of ":::", a code block whose
//     language is a directive ("{note}", "{prf:theorem}"), a directive's
//     option line (":label: x");
//   - roles, such as {numref}`x` or {cite:p}`k`, and MyST targets,
//     "(label)=";
//   - Quarto's references (@fig-x, @tbl-x, @eq-x, @sec-x, @thm-x and the
//     other theorem kinds) and citations ("[@key]", "[-@key]");
//   - attributes ({#eq-x}, {.callout-note}) and GitHub's alerts
//     ("[!NOTE]");
//   - unresolved: the marks the writers put on a reference to nothing, a
//     citation of no work and a glue of no value (mark.ref-missing,
//     mark.cite-missing, mark.glue-missing), but a reference in Quarto's
//     form to a label of another page, which Quarto resolves across
//     the documents of a book only (quarto.org, "Book Crossrefs") and
//     a website leaves unresolved (mark.ref-elsewhere): that is shown,
//     as outside issue 31, and not counted;
//   - lost: a heading of the page that the post does not have, Markdown
//     the post form dropped (counted with the post's literal text).
//
// Text in code (pre, code, kbd), formulas, scripts and styles is not
// read: documentation shows the syntax there on purpose. The post is
// read as a blog reads it, through goldmark with GitHub's Markdown and
// raw HTML on, after its front matter.
//
// Usage, from the repository root, on the set .ci/acceptance.list names
// (it says how to fetch it):
//
//	go run .ci/acceptance.go [-v] [-run REGEXP] DIR...
//
// With -run, the notebooks whose path matches REGEXP are run in their
// kernels first (as render -execute always runs them, a failing cell kept
// in its outputs): MyST-NB's documentation notebooks glue their values
// from Python. MyST-NB itself cannot be installed here (no PyPI, no
// Debian package), so .ci/acceptance-python, put first on PYTHONPATH,
// holds a stand-in for its glue() written from its documented output;
// the notebooks also need Debian's python3-numpy, python3-pandas,
// python3-matplotlib and python3-sympy.
//
// With -myst PROGRAM (mystmd's command, as `myst`), each MyST notebook
// (one in a folder without _quarto.yml) is also built by mystmd alone, in
// a copy of its folder (`myst build FILE --jats`), and a reference render
// leaves unresolved whose target mystmd does not find either is shown as
// "unresolved by mystmd too" and not counted: its target is a page outside
// the set (the set cannot hold every page its pages refer to, for each
// holds references of its own) or one only Sphinx makes, such as genindex.
//
// It prints the faults of each notebook (with -v, every notebook's
// figures), the totals, and exits with status 1 if any construct of
// issue 31 is left as text or any reference unresolved. What it finds
// of other constructs (roles such as {doc} or {py:class}, Pandoc's
// attributes on images, links, spans and code blocks, and a {download}
// of a path outside the notebook's folder, which the writers refuse and
// show as written) is shown, marked "outside issue 31", and not counted.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/grundylab/grundy/internal/htmltext"
	"github.com/grundylab/grundy/pkg/report/jupyter/execute"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/site"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// examples is how many instances of each fault are shown per notebook.
const examples = 3

// literal are the constructs looked for in the text of a page or post,
// by name. Those of issue 31 fail the check; outside, what a match names
// that issue 31 does not ask for (other roles, Pandoc's attributes on
// images, links, code blocks and spans) is counted apart.
var literal = []struct {
	name    string
	re      *regexp.Regexp
	outside func(match string) bool
}{
	{"fenced div :::", regexp.MustCompile(`(?m)^[ \t]*:{3,}.*`), nil},
	{"directive option", regexp.MustCompile(`(?m)^[ \t]*:(?:label|class|name|caption|width|align|numbered|enumerated|nonumber|open|title|alt|header-rows|widths|figclass|figwidth|dropdown|prf:[a-z]+):.*`), nil},
	{"role", regexp.MustCompile(`\{([a-z][a-z0-9]*(?::[a-z0-9-]+)*)\}` + "`"), func(m string) bool {
		return !issueRole.MatchString(m)
	}},
	{"MyST target (label)=", regexp.MustCompile(`(?m)^[ \t]*\([A-Za-z0-9_.:-]+\)=`), nil},
	{"Quarto reference @kind-", regexp.MustCompile(`(?:^|[^A-Za-z0-9_.])-?@(?:fig|tbl|eq|sec|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem|lst)-[A-Za-z0-9_]+`), nil},
	{"citation [@", regexp.MustCompile(`\[-?@[A-Za-z0-9_]`), nil},
	{"attributes {#..} {..}", regexp.MustCompile(`\{[#.][A-Za-z][^{}\n]*\}`), func(m string) bool {
		return !issueAttributes.MatchString(m)
	}},
	{"GitHub alert [!KIND]", regexp.MustCompile(`\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]`), nil},
}

// issueRole matches the roles issue 31 asks for.
var issueRole = regexp.MustCompile(`^\{(?:numref|ref|eq|cite(?::[a-z]+)?|prf:ref|term)\}`)

// issueAttributes matches the attributes of issue 31's constructs: labels
// of the kinds numbered, callouts, tabsets, proofs and theorem kinds.
var issueAttributes = regexp.MustCompile(`#(?:fig|tbl|eq|sec|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem)-|\.(?:callout|panel-tabset|proof|theorem|lemma|corollary|proposition|conjecture|definition|example|exercise|solution|remark)\b`)

// outside names the kind of a construct outside issue 31.
func outside(name string) string { return name + " (outside issue 31)" }

// missingMarks are the classes of the marks on what could not be
// resolved.
var missingMarks = []string{"ref-missing", "cite-missing", "glue-missing"}

// report is what was found in one page or post: literal constructs and
// unresolved marks, each with its examples.
type report struct {
	literal map[string][]string
	missing map[string][]string
	// headings are the texts of the headings, in order.
	headings []string
}

// lost returns the headings of the page that the post does not have:
// Markdown the post lost.
func lost(page, post *report) []string {
	have := map[string]int{}
	for _, h := range post.headings {
		have[h]++
	}
	var out []string
	for _, h := range page.headings {
		if have[h] > 0 {
			have[h]--
			continue
		}
		out = append(out, h)
	}
	return out
}

// inCell reports whether n lies in a table's cell.
func inCell(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.DataAtom == atom.Td || p.DataAtom == atom.Th {
			return true
		}
	}
	return false
}

// headingText returns a heading's text as both writers show it: without
// the anchor mark a page adds, and its white space made single spaces.
func headingText(n *html.Node) string {
	return strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimSpace(htmltext.Text(n)), "#")), " ")
}

// count returns the constructs of issue 31 left as text, and the
// unresolved marks.
func (r *report) count() (literal, missing int) {
	for name, l := range r.literal {
		if !strings.HasSuffix(name, outside("")) {
			literal += len(l)
		}
	}
	for _, m := range r.missing {
		missing += len(m)
	}
	return literal, missing
}

func main() {
	verbose := flag.Bool("v", false, "print the figures of every notebook, not only of those at fault")
	flag.StringVar(&runPattern, "run", "", "run the notebooks whose path matches this regular expression in their kernels first, with .ci/acceptance-python (a stand-in for MyST-NB's glue) on PYTHONPATH")
	flag.StringVar(&mystProgram, "myst", "", "mystmd's command: a reference mystmd leaves unresolved too, building the notebook alone in its folder, is shown and not counted")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/acceptance.go [-v] [-run REGEXP] [-myst PROGRAM] DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ok, err := run(flag.Args(), *verbose)
	if err != nil {
		fmt.Fprintf(os.Stderr, "acceptance: %v\n", err)
		os.Exit(1)
	}
	if !ok {
		fmt.Println("acceptance FAILED")
		os.Exit(1)
	}
	fmt.Println("acceptance passed")
}

// files returns the notebooks under the folders, in path order: .ipynb,
// .qmd and MyST's .md, skipping hidden folders. A documentation page
// that is not a notebook by textnotebook's rules is named as a file, so
// that render reads it all the same.
func files(dirs []string) ([]string, error) {
	var out []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			switch filepath.Ext(path) {
			case ".ipynb", ".qmd", ".md":
				if !d.IsDir() {
					out = append(out, path)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

func run(dirs []string, verbose bool) (bool, error) {
	nbs, err := files(dirs)
	if err != nil {
		return false, err
	}
	if len(nbs) == 0 {
		return false, fmt.Errorf("no notebooks under %s", strings.Join(dirs, ", "))
	}
	out, err := os.MkdirTemp("", "acceptance-site-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(out)
	var warnings []string
	s := &site.Site{Dir: out, Warn: func(msg string) { warnings = append(warnings, msg) }}
	if runPattern != "" {
		x, err := runner(out)
		if err != nil {
			return false, err
		}
		s.Executor = x
	}
	buildErr := s.Build(context.Background(), nbs)
	names, err := site.PageNames(nbs)
	if err != nil {
		return false, err
	}
	var byMyst map[string]map[string]bool
	if mystProgram != "" {
		if byMyst, err = mystMissing(mystProgram, nbs); err != nil {
			return false, err
		}
	}
	ok := true
	if buildErr != nil {
		ok = false
		fmt.Printf("render failed:\n%v\n\n", buildErr)
	}
	var totals [4]int // page literal, page missing, post literal, post missing
	var excuses []string
	faulty := 0
	for i, nb := range nbs {
		base := filepath.Join(out, names[i])
		page, err := pageReport(base + ".html")
		if err != nil {
			fmt.Printf("%s: no page: %v\n", nb, err)
			ok = false
			faulty++
			continue
		}
		post, err := postReport(base + ".md")
		if err != nil {
			fmt.Printf("%s: no post: %v\n", nb, err)
			ok = false
			faulty++
			continue
		}
		page.excuse(byMyst[nb])
		post.excuse(byMyst[nb])
		for _, text := range page.literal[outside(excused)] {
			excuses = append(excuses, nb+": "+text)
		}
		pl, pm := page.count()
		ql, qm := post.count()
		if l := lost(page, post); len(l) > 0 {
			post.literal["heading of the page lost in the post"] = l
			ql += len(l)
		}
		totals[0] += pl
		totals[1] += pm
		totals[2] += ql
		totals[3] += qm
		var mine []string
		for _, w := range warnings {
			if strings.Contains(w, names[i]) || strings.Contains(w, filepath.Base(nb)) {
				mine = append(mine, w)
			}
		}
		bad := pl+pm+ql+qm > 0
		if bad {
			ok = false
			faulty++
		}
		if bad || verbose {
			fmt.Printf("%s: page %d literal, %d unresolved; post %d literal, %d unresolved; %d warnings\n", nb, pl, pm, ql, qm, len(mine))
			show("page", page)
			show("post", post)
			if verbose {
				for _, w := range mine[:min(len(mine), examples)] {
					fmt.Printf("    warning: %s\n", w)
				}
			}
		}
	}
	fmt.Printf("\nnotebooks        %d\n", len(nbs))
	fmt.Printf("page literal     %d\n", totals[0])
	fmt.Printf("page unresolved  %d\n", totals[1])
	fmt.Printf("post literal     %d\n", totals[2])
	fmt.Printf("post unresolved  %d\n", totals[3])
	fmt.Printf("warnings         %d\n", len(warnings))
	fmt.Printf("faulty           %d notebooks\n", faulty)
	if mystProgram != "" {
		fmt.Printf("unresolved by mystmd too, not counted: %d on the pages\n", len(excuses))
		for _, e := range excuses {
			fmt.Printf("    %s\n", e)
		}
	}
	return ok, nil
}

// show prints a report's faults, a few examples of each kind.
func show(where string, r *report) {
	for _, group := range []map[string][]string{r.literal, r.missing} {
		kinds := make([]string, 0, len(group))
		for k := range group {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		for _, k := range kinds {
			items := group[k]
			fmt.Printf("    %s: %s (%d):", where, k, len(items))
			for _, it := range items[:min(len(items), examples)] {
				fmt.Printf(" %q", clip(it))
			}
			fmt.Println()
		}
	}
}

func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}

// pageReport reads a page.
func pageReport(path string) (*report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return htmlReport(data)
}

// postReport reads a post as Hugo does: its body, after the front
// matter, through goldmark with GitHub's Markdown, attributes after
// headings and raw HTML.
func postReport(path string) (*report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if rest, ok := bytes.CutPrefix(data, []byte("---\n")); ok {
		if _, body, found := bytes.Cut(rest, []byte("\n---\n")); found {
			data = body
		}
	}
	// Hugo's defaults: attributes after headings, raw HTML kept.
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAttribute()),
		goldmark.WithRendererOptions(gmhtml.WithUnsafe()))
	var b bytes.Buffer
	if err := md.Convert(data, &b); err != nil {
		return nil, err
	}
	return htmlReport(b.Bytes())
}

// htmlReport finds, in an HTML document, the constructs left as text
// outside code and formulas, the directives left as code blocks, and the
// marks on what was not resolved.
func htmlReport(data []byte) (*report, error) {
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	r := &report{literal: map[string][]string{}, missing: map[string][]string{}}
	var text strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Pre:
				if code := n.FirstChild; code != nil && code.DataAtom == atom.Code {
					if lang, ok := strings.CutPrefix(attr(code, "class"), "language-{"); ok {
						kind := "directive as code"
						if lang == "" || !unicode.IsLetter(rune(lang[0])) {
							kind = outside("code block attributes")
						}
						r.literal[kind] = append(r.literal[kind], "{"+lang)
					}
				}
				text.WriteString("\n")
				return
			case atom.Code, atom.Kbd:
				// A role's text is followed by its content in code.
				text.WriteString("`")
				return
			case atom.Script, atom.Style, atom.Math, atom.Svg, atom.Head, atom.Header:
				// A page's header holds its title, which a post keeps in
				// its front matter.
				return
			case atom.Mark:
				// A reference in Quarto's form to another page's label
				// is left unresolved as a Quarto website leaves it:
				// faithful, shown and not counted.
				if slices.Contains(strings.Fields(attr(n, "class")), "ref-elsewhere") {
					kind := outside("Quarto's reference to another document, unresolved as in a Quarto website")
					r.literal[kind] = append(r.literal[kind], htmltext.Text(n))
					return
				}
				// What is unresolved is counted once, as such, not as
				// the literal text it shows.
				for _, c := range missingMarks {
					if slices.Contains(strings.Fields(attr(n, "class")), c) {
						r.missing[c] = append(r.missing[c], htmltext.Text(n))
						return
					}
				}
			}
		}
		switch n.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			// A heading in a grid table's cell is no section of the
			// document: a post's pipe table can hold none, and shows
			// its text in bold.
			if !inCell(n) {
				r.headings = append(r.headings, headingText(n))
			}
		}
		block := n.Type == html.ElementNode && isBlock(n.DataAtom)
		if block {
			text.WriteString("\n")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			text.WriteString("\n")
		}
	}
	walk(doc)
	t := text.String()
	for _, l := range literal {
		for _, m := range l.re.FindAllString(t, -1) {
			kind := l.name
			if l.outside != nil && l.outside(m) {
				kind = outside(kind)
			}
			r.literal[kind] = append(r.literal[kind], m)
		}
	}
	return r, nil
}

// isBlock reports whether an element starts a line of its own.
func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.Div, atom.Li, atom.Ul, atom.Ol, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6,
		atom.Blockquote, atom.Figure, atom.Figcaption, atom.Section, atom.Details, atom.Summary, atom.Table,
		atom.Tr, atom.Td, atom.Th, atom.Dl, atom.Dt, atom.Dd, atom.Br, atom.Hr, atom.Aside, atom.Header, atom.Footer, atom.Nav:
		return true
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

// runPattern selects the notebooks -run runs.
var runPattern string

// selective runs the notebooks whose path re matches and leaves the
// others as stored.
type selective struct {
	re *regexp.Regexp
	x  *execute.Executor
}

func (s selective) Execute(ctx context.Context, path string, nb *notebook.Notebook) (*notebook.Notebook, error) {
	if !s.re.MatchString(path) {
		return nb, nil
	}
	return s.x.Execute(ctx, path, nb)
}

// runner returns the executor of -run: each selected notebook run afresh
// in its kernel, a failing cell kept in its outputs, with the stand-in
// for MyST-NB's glue on PYTHONPATH; its runs are kept under dir.
func runner(dir string) (site.Executor, error) {
	re, err := regexp.Compile(runPattern)
	if err != nil {
		return nil, fmt.Errorf("-run: %w", err)
	}
	standIn, err := filepath.Abs(filepath.Join(".ci", "acceptance-python"))
	if err != nil {
		return nil, err
	}
	os.Setenv("PYTHONPATH", strings.Join(append([]string{standIn}, filepath.SplitList(os.Getenv("PYTHONPATH"))...), string(filepath.ListSeparator)))
	x := &execute.Executor{Mode: execute.Always, AllowErrors: true, CacheDir: filepath.Join(dir, ".runs"), Log: io.Discard}
	return selective{re: re, x: x}, nil
}

// mystProgram is mystmd's command, set by -myst.
var mystProgram string

// mystNotFound matches mystmd's warnings on a reference to nothing: a
// role's, a link's, or an @label mystmd took for a citation.
var mystNotFound = regexp.MustCompile(`Cross reference target was not found: (.+)$|No target for internal reference "#?([^"]+)" was found|Could not link citation with label "([^"]+)"`)

// mystMissing returns, for each MyST notebook among nbs (one in a folder
// without _quarto.yml), the labels, lower-cased, of the references
// mystmd leaves unresolved when it builds the notebook alone in a copy
// of its folder, with a myst.yml that only names the project.
func mystMissing(myst string, nbs []string) (map[string]map[string]bool, error) {
	copies := map[string]string{}
	defer func() {
		for _, c := range copies {
			os.RemoveAll(c)
		}
	}()
	out := map[string]map[string]bool{}
	for _, nb := range nbs {
		dir := filepath.Dir(nb)
		if _, err := os.Stat(filepath.Join(dir, "_quarto.yml")); err == nil {
			continue
		}
		c, ok := copies[dir]
		if !ok {
			var err error
			if c, err = os.MkdirTemp("", "acceptance-myst-"); err != nil {
				return nil, err
			}
			copies[dir] = c
			if err := os.CopyFS(c, os.DirFS(dir)); err != nil {
				return nil, fmt.Errorf("copy %s: %w", dir, err)
			}
			// A project's own myst.yml may extend files outside the
			// set; mystmd's references need none of it.
			if err := os.WriteFile(filepath.Join(c, "myst.yml"), []byte("version: 1\nproject:\n  title: acceptance\n"), 0o644); err != nil {
				return nil, err
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		cmd := exec.CommandContext(ctx, myst, "build", filepath.Base(nb), "--jats")
		cmd.Dir = c
		text, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			fmt.Printf("%s: mystmd failed, nothing excused: %v\n", nb, err)
			continue
		}
		labels := map[string]bool{}
		for _, line := range strings.Split(string(text), "\n") {
			// mystmd names the file, with its line when it has one.
			if !strings.Contains(line, " "+filepath.Base(nb)+" ") && !strings.Contains(line, " "+filepath.Base(nb)+":") {
				continue
			}
			if m := mystNotFound.FindStringSubmatch(line); m != nil {
				labels[strings.ToLower(strings.TrimSpace(m[1]+m[2]+m[3]))] = true
			}
		}
		out[nb] = labels
	}
	return out, nil
}

// excused names the unresolved references mystmd leaves unresolved too.
const excused = "unresolved by mystmd too"

// markLabel finds the label in an unresolved reference as its mark shows
// it: {ref}`text <label>`, {ref}`label`, [text](#label) or @label.
var markLabel = []*regexp.Regexp{
	regexp.MustCompile("<([^<>]+)>`"),
	regexp.MustCompile("`([^`]+)`"),
	regexp.MustCompile(`\]\(#([^)]+)\)`),
	regexp.MustCompile(`@([A-Za-z0-9_:.-]+)`),
}

// excuse moves the unresolved references whose labels mystmd leaves
// unresolved too out of the count, to be shown as such.
func (r *report) excuse(mystMissing map[string]bool) {
	if len(mystMissing) == 0 {
		return
	}
	var kept []string
	for _, text := range r.missing["ref-missing"] {
		label := ""
		for _, re := range markLabel {
			if m := re.FindStringSubmatch(text); m != nil {
				label = strings.ToLower(strings.TrimSpace(m[1]))
				break
			}
		}
		// mystmd names a term's target "term-" and the term.
		if mystMissing[label] || mystMissing["term-"+label] {
			kind := outside(excused)
			r.literal[kind] = append(r.literal[kind], text)
			continue
		}
		kept = append(kept, text)
	}
	if len(kept) == 0 {
		delete(r.missing, "ref-missing")
		return
	}
	r.missing["ref-missing"] = kept
}
