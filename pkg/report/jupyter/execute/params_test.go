package execute

import (
	"errors"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

func TestParseParam(t *testing.T) {
	tests := []struct {
		in   string
		want Param
		ok   bool
	}{
		{"N=1000", Param{Name: "N", Value: "1000"}, true},
		{"N=", Param{Name: "N", Value: ""}, true},
		{" N =1e6", Param{Name: "N", Value: "1e6"}, true},
		{"Title=a=b", Param{Name: "Title", Value: "a=b"}, true},
		{"名前=x", Param{Name: "名前", Value: "x"}, true},
		{"N", Param{}, false},
		{"=1", Param{}, false},
		{"1N=1", Param{}, false},
		{"func=1", Param{}, false},
		{"a-b=1", Param{}, false},
	}
	for _, tt := range tests {
		got, err := ParseParam(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseParam(%q) = %+v, %v", tt.in, got, err)
		}
		if err != nil && !errors.Is(err, ErrParameter) {
			t.Errorf("ParseParam(%q): %v does not wrap ErrParameter", tt.in, err)
		}
		if err == nil && got.String() != tt.want.Name+"="+tt.want.Value {
			t.Errorf("String() = %q", got.String())
		}
	}
}

func TestParameters(t *testing.T) {
	src := strings.Join([]string{
		"!*go mod edit -replace x=y",
		"%env A 1",
		"// Sizes.",
		"var (",
		"	N     = 1000",
		"	Limit int64 = 1 << 20",
		")",
		"const K = 7",
		"var Title = \"small\"",
		"var Name string",
		"var Ratio, Neg = 0.5, -3",
		"var Ok = true",
		"var F = float32(1)",
		"func helper() int { return 1 }",
		"%%",
		"var Inside = 1",
	}, "\n")
	got, err := parameters(src)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]declared{
		"N":     {name: "N", keyword: "var", typ: "int", str: false},
		"Limit": {name: "Limit", keyword: "var", typ: "int64", str: false},
		"K":     {name: "K", keyword: "const", typ: "", str: false},
		"Title": {name: "Title", keyword: "var", typ: "string", str: true},
		"Name":  {name: "Name", keyword: "var", typ: "string", str: true},
		"Ratio": {name: "Ratio", keyword: "var", typ: "float64", str: false},
		"Neg":   {name: "Neg", keyword: "var", typ: "int", str: false},
		"Ok":    {name: "Ok", keyword: "var", typ: "bool", str: false},
		"F":     {name: "F", keyword: "var", typ: "", str: false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("parameters =\n%v\nwant\n%v", got, want)
	}
	if _, err := parameters("var N = "); err == nil {
		t.Error("parameters of broken Go succeeded")
	}
}

// TestInjectedSource checks the injected parameters cell of each language:
// the declarations or assignments after its comment line, or the error a
// parameter gets.
func TestInjectedSource(t *testing.T) {
	type injection struct {
		params []Param
		want   string // the declarations or assignments, without the comment line
		err    string
	}
	languages := []struct {
		name    string
		inject  func(paramsCell string, params []Param) (string, error)
		cell    string
		comment string             // comment is how the first line starts.
		valid   func(string) error // valid checks the whole cell, when not nil.
		cases   []injection
	}{
		{"go", injectedSource, "var N = 100\nconst K = 3\nvar Title = \"t\"\nvar Big int64 = 1", "//", parseGo, []injection{
			{[]Param{{Name: "N", Value: "1000"}}, "var N int = 1000", ""},
			{[]Param{{Name: "N", Value: "1e6"}, {Name: "K", Value: "9"}}, "var N int = 1e6\nconst K = 9", ""},
			{[]Param{{Name: "Title", Value: "big case"}}, `var Title string = "big case"`, ""},
			{[]Param{{Name: "Title", Value: `"quoted"`}}, `var Title string = "quoted"`, ""},
			{[]Param{{Name: "Title", Value: `a"b`}}, `var Title string = "a\"b"`, ""},
			{[]Param{{Name: "Big", Value: "1 << 40"}}, "var Big int64 = 1 << 40", ""},
			{[]Param{{Name: "M", Value: "1"}}, "", "M is not declared in the parameters cell (it declares Big, K, N, Title)"},
			{[]Param{{Name: "N", Value: "1 000"}}, "", "not a Go expression"},
			{[]Param{{Name: "N", Value: "func("}}, "", "not a Go expression"},
		}},
		{"python", pythonInjectedSource, "N = 100\nTitle = \"t\"\nsizes = [1, 2]\nname: str = 'x'", "# ", nil, []injection{
			{[]Param{{Name: "N", Value: "1000"}}, "N = 1000", ""},
			{[]Param{{Name: "N", Value: " 10**6 "}, {Name: "sizes", Value: "[3, 4]"}}, "N = 10**6\nsizes = [3, 4]", ""},
			{[]Param{{Name: "Title", Value: "big case"}}, `Title = "big case"`, ""},
			{[]Param{{Name: "Title", Value: `'quoted'`}}, `Title = 'quoted'`, ""},
			{[]Param{{Name: "Title", Value: `a"b\c`}}, `Title = "a\"b\\c"`, ""},
			{[]Param{{Name: "name", Value: "é ü"}}, `name = "é ü"`, ""},
			{[]Param{{Name: "name", Value: "!ls"}}, `name = "!ls"`, ""},
			{[]Param{{Name: "M", Value: "1"}}, "", "M is not assigned in the parameters cell (it assigns N, Title, name, sizes)"},
			{[]Param{{Name: "N", Value: "!ls"}}, "", "not a Python expression"},
			{[]Param{{Name: "N", Value: "%time 1"}}, "", "not a Python expression"},
			{[]Param{{Name: "N", Value: " "}}, "", "the value is empty"},
		}},
	}
	for _, lang := range languages {
		for _, tt := range lang.cases {
			got, err := lang.inject(lang.cell, tt.params)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("%s %v: error %v, want %q", lang.name, tt.params, err, tt.err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s %v: %v", lang.name, tt.params, err)
				continue
			}
			comment, assignments, _ := strings.Cut(got, "\n")
			if !strings.HasPrefix(comment, lang.comment) || assignments != tt.want {
				t.Errorf("%s %v: got\n%s\nwant\n%s", lang.name, tt.params, got, tt.want)
			}
			if lang.valid == nil {
				continue
			}
			if err := lang.valid(got); err != nil {
				t.Errorf("%s %v: injected source is not valid: %v", lang.name, tt.params, err)
			}
		}
	}
}

// parseGo parses src as the declarations of a Go file.
func parseGo(src string) error {
	_, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src, 0)
	return err
}

func TestInject(t *testing.T) {
	old := code("var N = 5", InjectedTag)
	nb := newNotebook(markdown("m"), code("var N = 1", ParametersTag), old, code("use(N)"))
	at, err := inject(nb, []Param{{Name: "N", Value: "7"}}, "go")
	if err != nil {
		t.Fatal(err)
	}
	if at != 2 || len(nb.Cells) != 4 {
		t.Fatalf("inject at %d, %d cells", at, len(nb.Cells))
	}
	c := nb.Cells[2]
	if c == old || !c.HasTag(InjectedTag) || !strings.HasSuffix(c.Source, "var N int = 7") || c.ID != InjectedTag {
		t.Errorf("injected cell %+v", c)
	}
	if s := string(nb.Metadata["papermill"]); s != `{"parameters":{"N":"7"}}` {
		t.Errorf("papermill metadata %s", s)
	}
	// Without parameters an old injected cell goes away.
	nb2 := newNotebook(code("var N = 1", ParametersTag), code("var N = 5", InjectedTag))
	if at, err := inject(nb2, nil, "go"); err != nil || at != -1 || len(nb2.Cells) != 1 {
		t.Errorf("inject(nil) = %d, %v, %d cells", at, err, len(nb2.Cells))
	}
	// No parameters cell.
	if _, err := inject(newNotebook(code("x")), []Param{{Name: "N", Value: "1"}}, "go"); !errors.Is(err, ErrParameter) {
		t.Errorf("no parameters cell: %v", err)
	}
	// Older notebooks have no cell ids.
	nb3 := newNotebook(code("var N = 1", ParametersTag))
	nb3.FormatMinor = 4
	if _, err := inject(nb3, []Param{{Name: "N", Value: "2"}}, "go"); err != nil || nb3.Cells[1].ID != "" {
		t.Errorf("nbformat 4.4: %v, id %q", err, nb3.Cells[1].ID)
	}
}

func TestDedupe(t *testing.T) {
	got := dedupe([]Param{{Name: "N", Value: "1"}, {Name: "M", Value: "2"}, {Name: "N", Value: "3"}})
	want := []Param{{Name: "N", Value: "3"}, {Name: "M", Value: "2"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("dedupe = %v, want %v", got, want)
	}
}

func FuzzParseParam(f *testing.F) {
	for _, s := range []string{"N=1", "Title=a b", "=", "x", "N=1=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseParam(s)
		if err != nil {
			return
		}
		again, err := ParseParam(p.String())
		if err != nil || again != p {
			t.Fatalf("ParseParam(%q) = %+v, but its String %q parses to %+v, %v", s, p, p.String(), again, err)
		}
	})
}

func FuzzInjectedSource(f *testing.F) {
	f.Add("var N = 1\nvar T = \"x\"", "N", "2")
	f.Add("var (\n\tA int = 1\n)\nconst B = 2", "B", "3")
	f.Add("%%\nvar X = 1", "X", "1")
	f.Add("!cmd\nvar S string", "S", "text with \"quotes\"")
	f.Fuzz(func(t *testing.T, cell, name, value string) {
		src, err := injectedSource(cell, []Param{{Name: name, Value: value}})
		if err != nil {
			return
		}
		if err := parseGo(src); err != nil {
			t.Fatalf("injected source for %s=%q in\n%s\ndoes not parse: %v\n%s", name, value, cell, err, src)
		}
		if line, ok := magicLine(src); ok {
			t.Fatalf("injected source for %s=%q has a line GoNB would run as a command: %q", name, value, line)
		}
	})
}

// magicLine returns a line of src that GoNB would treat as a shell command
// or a cell directive, or a line break GoNB or an editor might see, if any.
func magicLine(src string) (string, bool) {
	if strings.ContainsAny(src, "\r\u2028\u2029\u0085\v\f") {
		return src, true
	}
	for line := range strings.SplitSeq(src, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "!") || strings.HasPrefix(t, "%") {
			return line, true
		}
	}
	return "", false
}

// TestParamShellInjection checks that no value of -p can reach GoNB's
// "!" (shell) or "%%" handling: a value that spans lines in any encoding
// is refused by ParseParam and by inject, and one that is accepted makes a
// single declaration line.
func TestParamShellInjection(t *testing.T) {
	refused := []string{
		"Label=`x\n!touch /tmp/p\n`",
		"Label=`x\r!touch /tmp/p\r`",
		"Label=`x\r\n!touch /tmp/p\r\n`",
		"Label=\"x\u2028!touch /tmp/p\"",
		"Label=`x\u2029!touch /tmp/p`",
		"Label=`x\u0085!touch /tmp/p`",
		"Label=`x\v!touch /tmp/p`",
		"Label=`x\f!touch /tmp/p`",
		"Label=x\n%%\nos.Exit(0)",
		"N=1\n!touch /tmp/p",
		"N=1 /*\n!touch /tmp/p\n*/",
		"Label=x\x00y",
		"Label=\x1b]52;c;aGk=\a",
		"Label=\xff",
	}
	for _, s := range refused {
		if p, err := ParseParam(s); err == nil || !errors.Is(err, ErrParameter) {
			t.Errorf("ParseParam(%q) = %+v, %v; want ErrParameter", s, p, err)
		}
		name, value, _ := strings.Cut(s, "=")
		nb := newNotebook(code("var N = 1\nvar Label = \"default\"", ParametersTag), code("print x"))
		if _, err := inject(nb, []Param{{Name: name, Value: value}}, "go"); err == nil || !errors.Is(err, ErrParameter) {
			t.Errorf("inject(%q) = %v; want ErrParameter\n%s", s, err, nb.Cells[1].Source)
		}
	}
	accepted := []string{
		"Label=!touch /tmp/p",
		"Label=%%",
		"Label= !touch /tmp/p",
		"Label=`!touch /tmp/p`",
		"Label=x\ty",
		"N=1 // !touch /tmp/p",
	}
	for _, s := range accepted {
		p, err := ParseParam(s)
		if err != nil {
			t.Errorf("ParseParam(%q): %v", s, err)
			continue
		}
		nb := newNotebook(code("var N = 1\nvar Label = \"default\"", ParametersTag), code("print x"))
		at, err := inject(nb, []Param{p}, "go")
		if err != nil {
			t.Errorf("inject(%q): %v", s, err)
			continue
		}
		src := nb.Cells[at].Source
		if line, ok := magicLine(src); ok {
			t.Errorf("inject(%q) made a command line %q", s, line)
		}
		if n := strings.Count(src, "\n"); n != 1 {
			t.Errorf("inject(%q) made %d lines, want a comment and one declaration:\n%s", s, n+1, src)
		}
	}
}

func TestInjectKeepsOtherCells(t *testing.T) {
	nb := newNotebook(code("var N = 1", ParametersTag), code("a"), code("b"))
	orig := []*notebook.Cell{nb.Cells[0], nb.Cells[1], nb.Cells[2]}
	if _, err := inject(nb, []Param{{Name: "N", Value: "2"}}, "go"); err != nil {
		t.Fatal(err)
	}
	if nb.Cells[0] != orig[0] || nb.Cells[2] != orig[1] || nb.Cells[3] != orig[2] {
		t.Error("inject moved or replaced other cells")
	}
}
