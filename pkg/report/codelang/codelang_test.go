package codelang

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestOf: a notebook's language comes from language_info, then the
// kernelspec's language and name, then its code; a name that is no
// language's (a number, punctuation) is passed over.
func TestOf(t *testing.T) {
	tests := []struct {
		meta, want string
		code       string
	}{
		{`{}`, Default, ""},
		{`{}`, "go", "x := 1"},
		{`{}`, "go", "%%\nfmt.Println(1)"},
		{`{}`, "python", "x = {'a': 1}  # :)\nprint(x)"},
		{`{"language_info": {"name": "python"}, "kernelspec": {"name": "gonb"}}`, "python", ""},
		{`{"kernelspec": {"name": "gonb", "language": "go"}}`, "go", ""},
		{`{"kernelspec": {"name": "python3"}}`, "python", ""},
		{`{"kernelspec": {"name": "julia-1.9"}}`, "julia", ""},
		{`{"language_info": 7}`, Default, ""},
		{`{"language_info": {"name": "!!"}, "kernelspec": {"name": "ir"}}`, "r", ""},
	}
	for _, tt := range tests {
		nb := notebook.New()
		if err := json.Unmarshal([]byte(tt.meta), &nb.Metadata); err != nil {
			t.Fatal(err)
		}
		nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: tt.code}}
		if got := Of(nb); got != tt.want {
			t.Errorf("Of(%s) = %q, want %q", tt.meta, got, tt.want)
		}
	}
}

func TestSegments(t *testing.T) {
	type seg = Segment
	tests := []struct {
		lang, src, want string
		segs            []seg
	}{
		{"python", "# comment\nx = 1\n", "python", []seg{{"python", "# comment\nx = 1\n"}}},
		{"python", "%matplotlib inline\nimport numpy\n!ls -l\n", "python",
			[]seg{{"", "%matplotlib inline\n"}, {"python", "import numpy\n"}, {"bash", "!ls -l\n"}}},
		{"python", "files = !ls *.py\nt = %timeit -o f()\nx != y\n", "python",
			[]seg{{"python", "files = "}, {"bash", "!ls *.py\n"}, {"python", "t = "}, {"", "%timeit -o f()\n"}, {"python", "x != y\n"}}},
		{"python", "%%bash\necho $HOME\n", "bash", []seg{{"", "%%bash\n"}, {"bash", "echo $HOME\n"}}},
		{"python", "%timeit x**2\nnp.sum?\n", "python", []seg{{"", "%timeit "}, {"python", "x**2\n"}, {"", "np.sum?\n"}}},
		{"python", "%%timeit\nsum(range(9))", "python", []seg{{"", "%%timeit\n"}, {"python", "sum(range(9))"}}},
		{"python", "%%file hello.f90\nprogram x\n", "fortran", []seg{{"", "%%file hello.f90\n"}, {"fortran", "program x\n"}}},
		{"python", "%%cython\ncdef int i\n", "cython", []seg{{"", "%%cython\n"}, {"cython", "cdef int i\n"}}},
		{"go", "%%\nfmt.Println(1)\n", "go", []seg{{"", "%%\n"}, {"go", "fmt.Println(1)\n"}}},
		{"go", "!*go mod edit -replace M=${GONB_DIR}/.. \\\n  && go mod tidy\n%test\nfunc TestX(t *testing.T) {}\n", "go",
			[]seg{{"bash", "!*go mod edit -replace M=${GONB_DIR}/.. \\\n  && go mod tidy\n"}, {"", "%test\n"}, {"go", "func TestX(t *testing.T) {}\n"}}},
		{"go", "X=17\n%%sh\necho $X", "bash", []seg{{"go", "X=17\n"}, {"", "%%sh\n"}, {"bash", "echo $X"}}},
		{"go", "# Install\n!go version\n", "go", []seg{{"bash", "# Install\n!go version\n"}}},
		{"go", "%%script bc\n7 + 11", "bc", []seg{{"", "%%script bc\n"}, {"bc", "7 + 11"}}},
		{"r", "%%bash\nx <- 1\n", "r", []seg{{"r", "%%bash\nx <- 1\n"}}},
		{"python", "%%script ba`sh<b>\nls", "bashb", []seg{{"", "%%script ba`sh<b>\n"}, {"bashb", "ls"}}},
	}
	for _, tt := range tests {
		lang, segs := Segments(tt.lang, tt.src)
		if lang != tt.want || !reflect.DeepEqual(segs, tt.segs) {
			t.Errorf("Segments(%q, %q) =\n %q %q\nwant %q %q", tt.lang, tt.src, lang, segs, tt.want, tt.segs)
		}
		var joined strings.Builder
		for _, s := range segs {
			joined.WriteString(s.Text)
		}
		if joined.String() != tt.src {
			t.Errorf("segments of %q join to %q", tt.src, joined.String())
		}
	}
}

func TestGoNBCode(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"plain Go", "x := 1\nfmt.Println(x)", "x := 1\nfmt.Println(x)"},
		{"%% line", "func f() {}\n\n%%\nf()", "func f() {}\n\nf()"},
		{"%% with arguments", "%% --n=3 -v\nfmt.Println(n)", "fmt.Println(n)"},
		{"module set-up", "!*go mod edit -replace example.com/m=${GONB_DIR}/.. && \\\n  go mod edit -require example.com/m@v0.0.0\n\nimport \"example.com/m\"",
			"import \"example.com/m\""},
		{"special commands", "%goflags --cover\n%env A=1\n\tx := 1\n%test", "\tx := 1"},
		{"only directives", "%%\n!echo hi\n%ls", ""},
		{"shell comment", "!ls \\\n  -l\n# a comment\nx()", "x()"},
		{"tab indentation kept", "%%\n\tx()\n\ty()\n", "\tx()\n\ty()"},
		{"%%bash kept", "%%bash\necho hi", "%%bash\necho hi"},
		{"%%writefile kept", "%%writefile f.go\npackage f\n%x", "%%writefile f.go\npackage f\n%x"},
		{"%%script kept", "\n%%script bc\n1+1", "\n%%script bc\n1+1"},
	}
	for _, tt := range tests {
		if got := GoNBCode(tt.src); got != tt.want {
			t.Errorf("%s: GoNBCode(%q) = %q, want %q", tt.name, tt.src, got, tt.want)
		}
	}
}

// TestGoNBArguments: "%% --n=3" starts Go statements, not text.
func TestGoNBArguments(t *testing.T) {
	lang, segs := Segments("go", "%% --n=3\nfmt.Println(n)\n")
	if lang != "go" || len(segs) != 2 || segs[1].Lang != "go" {
		t.Errorf("Segments: %q, %+v", lang, segs)
	}
}

// FuzzSegments: the segments of any cell join to its source.
func FuzzSegments(f *testing.F) {
	for _, s := range []string{"%%bash\nls", "!a \\\nb\n%time x\ny = !z", "%%\nfmt.Println()", "# c\n?x\n"} {
		f.Add("python", s)
		f.Add("go", s)
	}
	f.Fuzz(func(t *testing.T, lang, src string) {
		_, segs := Segments(Normal(lang), src)
		var b strings.Builder
		for _, s := range segs {
			b.WriteString(s.Text)
		}
		if b.String() != src {
			t.Fatalf("segments join to %q, not %q", b.String(), src)
		}
	})
}
