package execute

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
)

// Cell tags with a meaning for execution, as papermill and nbclient use them.
const (
	// ParametersTag marks the code cell that holds a notebook's parameters
	// and their defaults.
	ParametersTag = "parameters"
	// InjectedTag marks the cell that overrides the parameters, inserted
	// after the parameters cell.
	InjectedTag = "injected-parameters"
	// SkipTag marks a code cell that is not run; its stored outputs stay
	// (a cell whose option eval is false is not run either, and loses
	// them, as in Quarto).
	SkipTag = cellopts.SkipExecution
	// RaisesTag marks a code cell that is expected to fail: its error is
	// kept as an output and execution goes on (as with the option error:
	// true).
	RaisesTag = cellopts.RaisesException
)

// A Param overrides one parameter of a notebook: Name is a Go identifier
// declared at top level in the parameters cell, and Value is a Go
// expression, or any text for a string parameter, on one line: a value
// with a line break or another control character is refused. It is the
// parameter a run's record keeps.
type Param = runrecord.Param

// ParseParam parses NAME=VALUE, as given to render -p. An error wraps
// ErrParameter: NAME is not a Go identifier, or VALUE is not one line.
func ParseParam(s string) (Param, error) {
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok {
		return Param{}, fmt.Errorf("execute: %w: %q is not NAME=VALUE", ErrParameter, s)
	}
	if !token.IsIdentifier(name) {
		return Param{}, fmt.Errorf("execute: %w: %q is not a Go identifier", ErrParameter, name)
	}
	if err := checkLine(value); err != nil {
		return Param{}, fmt.Errorf("execute: %w: %s: %w", ErrParameter, name, err)
	}
	return Param{Name: name, Value: value}, nil
}

// checkLine refuses a parameter value that is not one line of printable
// text: GoNB runs a line of a cell that starts with "!" as a shell command
// and one that starts with "%%" rewrites the cell, so a value that could
// begin a line of its own, even inside a raw string literal, must never
// reach it. Line feeds, carriage returns, the Unicode line and paragraph
// separators and every other control character but the tab are refused.
func checkLine(value string) error {
	if !utf8.ValidString(value) {
		return errors.New("the value is not UTF-8 text")
	}
	for i, r := range value {
		if (unicode.IsControl(r) && r != '\t') || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("the value must be one line of text, but has %U at byte %d", r, i)
		}
	}
	return nil
}

// declared is a parameter as the parameters cell declares it.
type declared struct {
	name    string
	keyword string // "var" or "const"
	typ     string // the declared or inferred type; empty when unknown
	str     bool   // whether the parameter is a string
	rng     *Range // the values it accepts, if its line declares them
}

// parameters returns the top-level var and const declarations of a GoNB
// cell by name (see parameterList).
func parameters(src string) (map[string]declared, error) {
	list, err := parameterList(src)
	return byName(list), err
}

// byName returns the declarations by name; a later one of a name wins.
func byName(list []declared) map[string]declared {
	out := make(map[string]declared, len(list))
	for _, d := range list {
		out[d.name] = d
	}
	return out
}

// parameterList returns the top-level var and const declarations of a
// GoNB cell in order, with the range a comment on a declaration's line
// gives it. Lines of special commands (starting with % or !) are ignored;
// a cell whose body is a main function (%%) declares nothing.
func parameterList(src string) ([]declared, error) {
	body := goFile(src)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "parameters", body, parser.SkipObjectResolution|parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("the parameters cell is not Go declarations: %w", err)
	}
	var out []declared
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.VAR && g.Tok != token.CONST) {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				p := declared{name: name.Name, keyword: g.Tok.String()}
				var value string
				if vs.Type != nil {
					p.typ = exprString(body, fset, vs.Type)
					p.str = p.typ == "string"
				}
				if i < len(vs.Values) {
					value = exprString(body, fset, vs.Values[i])
					if vs.Type == nil {
						p.typ, p.str = literalType(vs.Values[i])
						if g.Tok == token.CONST {
							p.typ = "" // keep untyped constants untyped
						}
					}
				}
				if vs.Comment != nil {
					if p.rng, err = parseRange(name.Name, lineComment(vs.Comment), value); err != nil {
						return nil, err
					}
				}
				out = append(out, p)
			}
		}
	}
	return out, nil
}

// lineComment returns the text of a line comment without its markers.
func lineComment(g *ast.CommentGroup) string {
	if len(g.List) == 0 {
		return ""
	}
	c := g.List[0].Text
	if rest, ok := strings.CutPrefix(c, "//"); ok {
		return rest
	}
	return strings.TrimSuffix(strings.TrimPrefix(c, "/*"), "*/")
}

// goFile returns the Go declarations of a GoNB cell as a file of package
// p: the lines before any "%%" line (which starts the body of main), with
// the lines of special commands (starting with % or !) blanked, so that
// positions keep their lines.
func goFile(src string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "%%") {
			lines = lines[:i]
			break
		}
		if strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") {
			lines[i] = ""
		}
	}
	return "package p\n" + strings.Join(lines, "\n")
}

// exprString returns the source text of an expression in the parsed file.
func exprString(body string, fset *token.FileSet, e ast.Expr) string {
	return body[fset.Position(e.Pos()).Offset:fset.Position(e.End()).Offset]
}

// literalType returns the default type of a basic literal (or true/false),
// and whether it is a string.
func literalType(e ast.Expr) (string, bool) {
	switch v := e.(type) {
	case *ast.BasicLit:
		switch v.Kind {
		case token.INT:
			return "int", false
		case token.FLOAT:
			return "float64", false
		case token.IMAG:
			return "complex128", false
		case token.CHAR:
			return "rune", false
		case token.STRING:
			return "string", true
		}
	case *ast.Ident:
		if v.Name == "true" || v.Name == "false" {
			return "bool", false
		}
	case *ast.UnaryExpr:
		if v.Op == token.SUB || v.Op == token.ADD {
			return literalType(v.X)
		}
	}
	return "", false
}

// injectedSource returns the source of the cell that redeclares the
// parameters with the given values. GoNB keeps the last declaration of a
// name, so the redeclaration overrides the default for every later cell.
func injectedSource(paramsCell string, params []Param) (string, error) {
	decls, err := parameters(paramsCell)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// Parameters injected by render -p.\n")
	for _, p := range params {
		d, err := lookup(decls, p, "declares", "declared")
		if err != nil {
			return "", err
		}
		value := strings.TrimSpace(p.Value)
		if d.str && !isStringLiteral(value) {
			value = strconv.Quote(p.Value)
		}
		if _, err := parser.ParseExpr(value); err != nil {
			return "", fmt.Errorf("%s=%s: the value is not a Go expression: %w", p.Name, p.Value, err)
		}
		if err := d.inRange(value); err != nil {
			return "", err
		}
		b.WriteString(d.keyword)
		b.WriteString(" ")
		b.WriteString(p.Name)
		if d.typ != "" {
			b.WriteString(" ")
			b.WriteString(d.typ)
		}
		b.WriteString(" = ")
		b.WriteString(value)
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// lookup returns how the parameters cell declares the parameter p, after
// checking its value is one line. For the error naming the parameters
// there are, does and done say what the cell does to a name: "declares"
// and "declared" in Go, "assigns" and "assigned" in Python.
func lookup(decls map[string]declared, p Param, does, done string) (declared, error) {
	d, ok := decls[p.Name]
	if !ok {
		names := make([]string, 0, len(decls))
		for n := range decls {
			names = append(names, n)
		}
		slices.Sort(names)
		return d, fmt.Errorf("%s is not %s in the parameters cell (it %s %s)", p.Name, done, does, strings.Join(names, ", "))
	}
	if err := checkLine(p.Value); err != nil {
		return d, fmt.Errorf("%s: %w", p.Name, err)
	}
	return d, nil
}

// inRange returns an error naming the parameter if it declares a range
// that the value is not a number of.
func (d declared) inRange(value string) error {
	if d.rng == nil {
		return nil
	}
	if err := d.rng.check(value); err != nil {
		return fmt.Errorf("%s=%s: %w", d.name, value, err)
	}
	return nil
}

func isStringLiteral(s string) bool {
	e, err := parser.ParseExpr(s)
	if err != nil {
		return false
	}
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Kind == token.STRING
}

// inject removes any injected-parameters cell from nb and, when there are
// parameters, inserts a new one after the parameters cell, in the
// notebook's language: "go" or "python". It returns the index of the
// inserted cell, or -1.
func inject(nb *notebook.Notebook, params []Param, language string) (int, error) {
	nb.Cells = slices.DeleteFunc(nb.Cells, func(c *notebook.Cell) bool { return c.HasTag(InjectedTag) })
	if len(params) == 0 {
		return -1, nil
	}
	at := slices.IndexFunc(nb.Cells, func(c *notebook.Cell) bool { return c.Type == notebook.Code && c.HasTag(ParametersTag) })
	if at < 0 {
		return -1, fmt.Errorf("%w: no code cell is tagged %q", ErrParameter, ParametersTag)
	}
	var src string
	var err error
	switch language {
	case "go":
		src, err = injectedSource(nb.Cells[at].Source, params)
	case "python":
		src, err = pythonInjectedSource(nb.Cells[at].Source, params)
	default:
		err = fmt.Errorf("parameters are injected into Go and Python notebooks, but this notebook's language is %q", language)
	}
	if err != nil {
		return -1, fmt.Errorf("%w: cell %d: %w", ErrParameter, at+1, err)
	}
	cell := &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{}, Outputs: []*notebook.Output{}}
	if err := cell.Metadata.Set("tags", []string{InjectedTag}); err != nil {
		return -1, err
	}
	if nb.FormatMinor >= 5 {
		cell.ID = InjectedTag
	}
	nb.Cells = slices.Insert(nb.Cells, at+1, cell)
	values := map[string]string{}
	for _, p := range params {
		values[p.Name] = p.Value
	}
	if nb.Metadata == nil {
		nb.Metadata = notebook.Metadata{}
	}
	if err := nb.Metadata.Set("papermill", map[string]any{"parameters": values}); err != nil {
		return -1, err
	}
	return at + 1, nil
}
