package mathml

import (
	"errors"
	"fmt"
	"strings"
)

// table is an environment being rewritten: the group depth of its body,
// the row being read, and the rows with a line above them.
type table struct {
	depth, row int
	hlines     []int
	layout     *columnLayout
}

// columnLayout is what an array's column specification says: the
// alignment of each column, as l, c or r, the line after each column but
// the last ("none", "solid" or "dashed"), and lines at the sides.
type columnLayout struct {
	aligns      []string
	lines       []string
	left, right string
}

// columnSpec reads an array's column specification: l, c and r, | and :
// for lines, and @{...} and !{...}, whose content is not shown here.
func columnSpec(spec []token) (*columnLayout, error) {
	l := &columnLayout{left: "none", right: "none"}
	line := "none"
	for i := 0; i < len(spec); i++ {
		t := spec[i]
		switch {
		case t.kind == tSpace:
		case t.kind == tChar && (t.text == "l" || t.text == "c" || t.text == "r"):
			if len(l.aligns) > 0 {
				l.lines = append(l.lines, line)
			} else {
				l.left = line
			}
			l.aligns = append(l.aligns, t.text)
			line = "none"
		case t.kind == tChar && (t.text == "|" || t.text == ":"):
			line = "solid"
			if t.text == ":" {
				line = "dashed"
			}
		case t.kind == tChar && (t.text == "@" || t.text == "!"):
			_, next, err := arg(spec, i+1)
			if err != nil {
				return nil, fmt.Errorf("column specification: %s: %w", t.text, err)
			}
			i = next - 1
		default:
			return nil, fmt.Errorf("column specification %q: %q is not a column", untokenize(spec), untokenize(spec[i:i+1]))
		}
	}
	if len(l.aligns) == 0 {
		return nil, fmt.Errorf("column specification %q has no column", untokenize(spec))
	}
	l.right = line
	return l, nil
}

// looseColumns reads a column specification that columnSpec cannot, as
// MathJax did before version 3.2 (Jupyter Notebook's and JupyterLab 3's):
// its l, c and r, and anything else ignored; one centred column if it has
// none. Notebooks written then show their arrays so.
func looseColumns(spec []token) *columnLayout {
	l := &columnLayout{left: "none", right: "none"}
	for _, t := range spec {
		if t.kind == tChar && (t.text == "l" || t.text == "c" || t.text == "r") {
			if len(l.aligns) > 0 {
				l.lines = append(l.lines, "none")
			}
			l.aligns = append(l.aligns, t.text)
		}
	}
	if len(l.aligns) == 0 {
		l.aligns = []string{"c"}
	}
	return l
}

// An envTarget is how an environment is handed to treeblood, which knows
// only the matrix family, array, subarray, align, aligned and cases.
type envTarget struct {
	name string // "" for the body alone
	spec string // column specification given to array
	// arg is the kind of argument the environment takes: "columns" for
	// array's column specification, "count" for alignat's column count.
	arg string
	// display sets the table's cells in display style, as AMS displays.
	display bool
}

// environments are the environments converted, by name.
var environments = map[string]envTarget{
	"align": {name: "align"}, "align*": {name: "align*"}, "aligned": {name: "aligned"},
	"eqnarray": {name: "align"}, "eqnarray*": {name: "align*"},
	"flalign": {name: "align"}, "flalign*": {name: "align*"},
	"alignat": {name: "align", arg: "count"}, "alignat*": {name: "align*", arg: "count"},
	"alignedat": {name: "aligned", arg: "count"}, "split": {name: "aligned"},
	"gather": {name: "array", spec: "c", display: true}, "gather*": {name: "array", spec: "c", display: true},
	"gathered": {name: "array", spec: "c", display: true},
	"multline": {name: "array", spec: "c", display: true}, "multline*": {name: "array", spec: "c", display: true},
	"cases": {name: "cases"}, "dcases": {name: "cases"}, "rcases": {name: "cases"},
	"matrix": {name: "matrix"}, "pmatrix": {name: "pmatrix"}, "bmatrix": {name: "bmatrix"},
	"Bmatrix": {name: "Bmatrix"}, "vmatrix": {name: "vmatrix"}, "Vmatrix": {name: "Vmatrix"},
	"smallmatrix": {name: "matrix"},
	"array":       {name: "array", arg: "columns"}, "darray": {name: "array", arg: "columns", display: true},
	"subarray": {name: "subarray", arg: "columns"},
	"equation": {}, "equation*": {}, "subequations": {},
}

// environment rewrites \begin{name}...\end{name} from toks[i], the name's
// argument.
func (r *rewriter) environment(toks []token, i, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\begin: %w`, err)
	}
	name := plain(a)
	env, ok := environments[name]
	if !ok {
		return i, fmt.Errorf(`unknown environment %q`, name)
	}
	// Find the matching \end, counting nested environments of any name.
	bodyStart, level, end := next, 1, -1
	for j := next; j < len(toks) && end < 0; j++ {
		if toks[j].kind != tCS || toks[j].text != "begin" && toks[j].text != "end" {
			continue
		}
		if toks[j].text == "begin" {
			level++
			continue
		}
		if level--; level == 0 {
			b, after, err := arg(toks, j+1)
			if err != nil || plain(b) != name {
				return i, fmt.Errorf(`\begin{%s} ended by \end{%s}`, name, plain(b))
			}
			end, next = j, after
		}
	}
	if end < 0 {
		return i, fmt.Errorf(`\begin{%s} without \end`, name)
	}
	body := toks[bodyStart:end]
	if len(strings.TrimSpace(untokenize(body))) == 0 {
		return next, nil // MathJax shows an empty environment as nothing
	}
	r.envs++
	defer func() { r.envs-- }()
	base, starred := strings.CutSuffix(name, "*")
	top := depth == 0 && r.display && !r.rows
	switch {
	case top && rowNumbered[base]:
		saved := r.row
		r.rows, r.rowDefault = true, !starred
		r.row = &rowState{numbered: !starred}
		defer func() { r.rows, r.row = false, saved }()
	case top && singleNumbered[base]:
		r.row.numbered = !starred
	}
	if env.name == "" {
		return next, r.braced("{", body, depth, "}")
	}
	// The table is grouped, so that its lines can be drawn once it is
	// converted.
	wrapper := `<mrow>`
	if env.display {
		wrapper = `<mstyle displaystyle="true">`
	}
	r.out.WriteByte('{')
	open := len(r.frags)
	r.emitFrag(fragment{kind: fragOpen, html: wrapper})
	t := &table{}
	r.tables = append(r.tables, t)
	defer func() {
		r.tables = r.tables[:len(r.tables)-1]
		r.frags[open].hlines = t.hlines
		r.frags[open].layout = t.layout
		r.emitFrag(fragment{kind: fragClose})
		r.out.WriteByte('}')
	}()
	r.out.WriteString(`\begin{` + env.name + `}`)
	if env.arg != "" {
		spec, after, err := arg(body, 0)
		if err != nil {
			return i, fmt.Errorf(`\begin{%s}: %w`, name, err)
		}
		if clean := plain(spec); env.arg == "count" && (clean == "" || strings.Trim(clean, "0123456789 ") != "") {
			return i, fmt.Errorf(`\begin{%s}: invalid column count %q`, name, clean)
		}
		if env.arg == "columns" {
			// treeblood gets the columns' alignments only: it misplaces
			// the lines, which are drawn here.
			layout, err := columnSpec(spec)
			if err != nil {
				layout = looseColumns(spec)
				r.warn(`\begin{%s}: %v; read as {%s}`, name, err, strings.Join(layout.aligns, ""))
			}
			t.layout = layout
			r.out.WriteString("{" + strings.Join(layout.aligns, "") + "}")
		}
		body = body[after:]
	}
	if env.spec != "" {
		r.out.WriteString("{" + env.spec + "}")
	}
	// Rows count at the environment's own level, so the body is rewritten
	// at depth 0 when it numbers rows.
	d := depth + 1
	if r.rows && top {
		d = 0
	}
	t.depth = d
	before := r.out.Len()
	if err := r.group(body, d); err != nil {
		return i, err
	}
	if !visible(r.out.String()[before:]) {
		// treeblood fails on a table of nothing but empty groups.
		return i, fmt.Errorf(`\begin{%s}: nothing to show`, name)
	}
	if r.rows && top {
		r.endRow()
	}
	r.out.WriteString(`\end{` + env.name + `}`)
	return next, nil
}

// table returns the table whose body is being rewritten at depth, or nil.
func (r *rewriter) table(depth int) *table {
	if len(r.tables) == 0 || r.tables[len(r.tables)-1].depth != depth {
		return nil
	}
	return r.tables[len(r.tables)-1]
}

// cmdHline converts \hline, \hdashline and \cline, lines between table rows.
func (r *rewriter) cmdHline(toks []token, i int, name string, depth int) (int, error) {
	next := i
	if name == "cline" {
		_, n, err := arg(toks, i)
		if err != nil {
			return i, fmt.Errorf(`\cline: %w`, err)
		}
		next = n
	}
	if t := r.table(depth); t != nil {
		t.hlines = append(t.hlines, t.row)
	}
	return next, nil
}

// cmdBegin converts an environment.
func (r *rewriter) cmdBegin(toks []token, i int, name string, depth int) (int, error) {
	return r.environment(toks, i, depth)
}

// cmdEnd refuses an \end without its \begin.
func (r *rewriter) cmdEnd(toks []token, i int, name string, depth int) (int, error) {
	return i, errors.New(`\end without \begin`)
}

// cmdLineBreak converts \\, which ends a table row, and outside a table is
// dropped as MathJax drops it.
func (r *rewriter) cmdLineBreak(toks []token, i int, name string, depth int) (int, error) {
	if r.envs == 0 {
		// A line break outside a table: MathJax shows the lines as
		// one, without the break.
		r.out.WriteByte(' ')
		return i, nil
	}
	if t := r.table(depth); t != nil {
		t.row++
	}
	if r.rows && depth == 0 {
		r.endRow()
		r.out.WriteString(`\\`)
		r.row = &rowState{numbered: r.rowDefault}
		return i, nil
	}
	r.out.WriteString(`\\`)
	return i, nil
}

// plainTables are the environments of plain TeX's table commands.
var plainTables = map[string]string{
	"displaylines": "gathered", "eqalign": "aligned", "eqalignno": "aligned", "cases": "cases",
	"matrix": "matrix", "pmatrix": "pmatrix", "bmatrix": "bmatrix", "vmatrix": "vmatrix",
}

// cmdPlainTable converts plain TeX's \matrix{...}, \pmatrix{...},
// \cases{...}, \eqalign{...} and \displaylines{...} as their
// environments.
func (r *rewriter) cmdPlainTable(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	env, err := tokenize("{" + plainTables[name] + "}")
	if err != nil {
		return i, err
	}
	end, err := tokenize(`\end{` + plainTables[name] + "}")
	if err != nil {
		return i, err
	}
	if _, err := r.environment(append(append(env, a...), end...), 0, depth); err != nil {
		return i, err
	}
	return next, nil
}

// cmdSubstack converts \substack, whose \\ separate rows.
func (r *rewriter) cmdSubstack(toks []token, i int, name string, depth int) (int, error) {
	a, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\substack: %w`, err)
	}
	r.envs++
	err = r.braced(`\substack{`, a, depth, `}`)
	r.envs--
	return next, err
}
