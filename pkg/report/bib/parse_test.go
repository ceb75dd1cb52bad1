package bib

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	src := `Text before entries is a comment.
@String{ pub = "Academic" }
@string(city = {London})
@comment{ anything {nested} here }
@preamble{ "\newcommand{\x}{}" }
@Book{conway1976,
  Author = {Conway, J. H.},
  TITLE = "On {N}umbers and " # {Games},
  publisher = pub # " Press",
  address = city,
  year = 1976,
  month = jun,
}
@article(paren, title = {In parentheses}, )
@misc{trailing, note = {a}}
`
	db, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := db.Keys(), []string{"conway1976", "paren", "trailing"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Keys() = %q, want %q", got, want)
	}
	e, ok := db.Entry("Conway1976")
	if !ok {
		t.Fatal("Entry is not found without regard to case")
	}
	want := map[string]string{
		"author":    "Conway, J. H.",
		"title":     "On Numbers and Games",
		"publisher": "Academic Press",
		"address":   "London",
		"year":      "1976",
		"month":     "June",
	}
	if e.Type != "book" || !reflect.DeepEqual(e.Fields, want) {
		t.Errorf("entry = %s %q, want book %q", e.Type, e.Fields, want)
	}
	if p, _ := db.Entry("paren"); p == nil || p.Fields["title"] != "In parentheses" || p.Type != "article" {
		t.Errorf("entry in parentheses = %+v", p)
	}
	if len(db.Warnings()) != 0 {
		t.Errorf("warnings: %q", db.Warnings())
	}
}

func TestParseWarnings(t *testing.T) {
	db, err := Parse([]byte("@misc{a, title = undefined}\n@misc{a, title={again}}\n@misc{b, title={x}, title={y}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(db.Warnings(), "\n")
	for _, s := range []string{`line 1: undefined @string macro "undefined"`, `line 2: duplicate key "a"`, "b: field title given twice"} {
		if !strings.Contains(w, s) {
			t.Errorf("warnings %q lack %q", w, s)
		}
	}
	if e, _ := db.Entry("b"); e.Fields["title"] != "x" {
		t.Errorf("a repeated field is %q, want the first", e.Fields["title"])
	}
}

func TestParseErrors(t *testing.T) {
	deep := "@misc{k, title = " + strings.Repeat("{", MaxDepth+1) + strings.Repeat("}", MaxDepth+1) + "}"
	// Each macro doubles the last: 2^40 bytes if expanded.
	var amplify strings.Builder
	amplify.WriteString("@string{m0 = {" + strings.Repeat("x", 1000) + "}}\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&amplify, "@string{m%d = m%d # m%d}\n", i, i-1, i-1)
	}
	many := strings.Repeat("@misc{k,}\n", MaxEntries+1)
	tests := []struct {
		name, src string
		sentinel  error
		line      int
		msg       string
	}{
		{"no brace", "@article title", ErrSyntax, 1, "expected { or ("},
		{"no key", "\n@article{, title={x}}", ErrSyntax, 2, "expected a citation key"},
		{"unclosed entry", "@article{k,\n title={x},\n", ErrSyntax, 3, "end of file inside the entry (opened on line 1)"},
		{"unclosed brace", "@article{k,\n title={x\n", ErrSyntax, 3, "end of file inside a value opened on line 2"},
		{"no equals", "@article{k, title {x}}", ErrSyntax, 1, "field title: expected ="},
		{"unbalanced", `@article{k, title = "a}b"}`, ErrSyntax, 1, "unbalanced }"},
		{"no comma", "@article{k, title = {x} year = 1}", ErrSyntax, 1, "expected , or }"},
		{"bad string", "@string{ = {x}}", ErrSyntax, 1, "@string: expected a macro name"},
		{"deep", deep, ErrLimit, 1, "braces nested deeper"},
		{"long field", "@misc{k, title = {" + strings.Repeat("x", MaxFieldSize+1) + "}}", ErrLimit, 1, "value longer than"},
		{"amplified", amplify.String(), ErrLimit, 0, "@string macros expand to more than"},
		{"many entries", many, ErrLimit, MaxEntries + 1, "more than"},
		{"too big", strings.Repeat(" ", MaxSize+1), ErrLimit, 1, "exceeds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.src))
			if !errors.Is(err, tt.sentinel) {
				t.Fatalf("error %v, want %v", err, tt.sentinel)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %T is not a *SyntaxError", err)
			}
			if tt.line != 0 && se.Line != tt.line {
				t.Errorf("line %d, want %d: %v", se.Line, tt.line, err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q lacks %q", err, tt.msg)
			}
		})
	}
}

func TestDecodeText(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{\"U}ber`, "Über"},
		{`\"{o}\"o{\"o}`, "ööö"},
		{`\'{e}\'e\'\i{}`, "ééí"},
		{`\c{c}\c c`, "çç"},
		{`\v{s}\u{a}\H{o}\k{a}\r{u}\={a}\.{z}\~n\^o`, "šăőąůāżñô"},
		{`\ss{} \o{} \O{} \aa{} \AA{} \ae{} \l{} \L{} \oe`, "ß ø Ø å Å æ ł Ł œ"},
		{`\o \O`, "øØ"}, // a control word eats the space after it
		{`{Protected} Case`, "Protected Case"},
		{`A~B`, "A\u00a0B"},
		{`1--2 a---b c-d`, "1–2 a—b c-d"},
		{`\& \% \$ \# \_ \{ \}`, "& % $ # _ { }"},
		{"``quoted'' and `single' don't", "“quoted” and ‘single’ don’t"},
		{"  white \n\t space  ", "white space"},
		{`\emph{Winning} \textbf{Ways} \textsc{for} \mbox{you}`, "Winning Ways for you"},
		{`\url{https://a.b/~c%20d}`, "https://a.b/~c%20d"},
		{`\href{https://x.y}{the text}`, "the text"},
		{`$x^2$ and $$y$$`, "x^2 and y"},
		{`\unknown{kept} \relax done`, "kept done"},
		{`\TeX{}book`, "TeXbook"},
		{`trailing \`, "trailing"},
		{"bad \xff byte", "bad \ufffd byte"},
	}
	for _, tt := range tests {
		if got := decodeText(tt.in); got != tt.want {
			t.Errorf("decodeText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecodeProtection(t *testing.T) {
	got := decode(`The {G}-values of {\"o}ther {NIM $x$}`)
	want := []run{
		{"The ", false}, {"G", true}, {"-values of öther ", false}, {"NIM x", true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decode = %+v, want %+v", got, want)
	}
}

func TestParseNames(t *testing.T) {
	tests := []struct {
		in   string
		want []name
		more bool
	}{
		{"Donald E. Knuth", []name{{given: "Donald E.", family: "Knuth"}}, false},
		{"Knuth, Donald E.", []name{{given: "Donald E.", family: "Knuth"}}, false},
		{"Lenstra, Jr., Hendrik W.", []name{{given: "Hendrik W.", family: "Lenstra", suffix: "Jr."}}, false},
		{"John von Neumann", []name{{given: "John", particle: "von", family: "Neumann"}}, false},
		{"von Neumann, John", []name{{given: "John", particle: "von", family: "Neumann"}}, false},
		{"Charles Louis Xavier Joseph de la Vall{\\'e}e Poussin", []name{{given: "Charles Louis Xavier Joseph", particle: "de la", family: "Vallée Poussin"}}, false},
		{"{Grundy Laboratory}", []name{{family: "Grundy Laboratory", literal: true}}, false},
		{"{\\\"O}zg{\\\"u}r {\\c{C}}elik", []name{{given: "Özgür", family: "Çelik"}}, false},
		{"A. One and B. Two AND C. Three and others", []name{{given: "A.", family: "One"}, {given: "B.", family: "Two"}, {given: "C.", family: "Three"}}, true},
		{"{Barnes and Noble} and Ann", []name{{family: "Barnes and Noble", literal: true}, {family: "Ann"}}, false},
		{"Brand~Name", []name{{given: "Brand", family: "Name"}}, false},
		{"jean de la fontaine", []name{{particle: "jean de la", family: "fontaine"}}, false},
		{"{\\relax Ch}arles Smith", []name{{given: "Charles", family: "Smith"}}, false},
	}
	for _, tt := range tests {
		l := parseNames(tt.in)
		if !reflect.DeepEqual(l.names, tt.want) || l.others != tt.more {
			t.Errorf("parseNames(%q) = %+v (others %v), want %+v (others %v)", tt.in, l.names, l.others, tt.want, tt.more)
		}
	}
}

func TestParseNamesBounded(t *testing.T) {
	l := parseNames(strings.Repeat("A and ", 10*maxNames) + "B")
	if len(l.names) != maxNames || !l.others {
		t.Errorf("%d names (others %v), want %d and others", len(l.names), l.others, maxNames)
	}
}

func TestCrossref(t *testing.T) {
	db, err := Parse([]byte(`
@inproceedings{paper, author = {A. Author}, title = {Paper}, crossref = {Proc}, pages = {1--2}}
@inproceedings{orphan, title = {Alone}, crossref = {nothing}}
@proceedings{proc, title = {The Proceedings}, booktitle = {Not this}, editor = {E. Editor}, year = 2010, pages = {99}}
`))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := db.Entry("paper")
	want := map[string]string{"author": "A. Author", "title": "Paper", "crossref": "Proc", "pages": "1–2",
		"booktitle": "The Proceedings", "editor": "E. Editor", "year": "2010"}
	if !reflect.DeepEqual(e.Fields, want) {
		t.Errorf("fields %q, want %q", e.Fields, want)
	}
	if w := strings.Join(db.Warnings(), "\n"); !strings.Contains(w, `line 3: orphan: crossref "nothing" names no entry`) {
		t.Errorf("warnings %q", w)
	}
	// Many entries inheriting one large field would amplify the file.
	var b strings.Builder
	b.WriteString("@proceedings{big, note = {" + strings.Repeat("x", MaxFieldSize-100) + "}}\n")
	for i := range 200 {
		fmt.Fprintf(&b, "@inproceedings{p%d, crossref = {big}}\n", i)
	}
	if _, err := Parse([]byte(b.String())); !errors.Is(err, ErrLimit) {
		t.Errorf("amplifying crossrefs: error %v, want ErrLimit", err)
	}
}
