package cellopts

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// with returns the default options changed by set.
func with(set func(*Options)) Options {
	o := Default()
	set(&o)
	return o
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, lang, src string
		want            Options
		code            string
		err             string // a piece of the error, "" for none
	}{
		{"none", "go", "x := 1", Default(), "x := 1", ""},
		{"go echo", "go", "//| echo: false\nx := 1", with(func(o *Options) { o.Echo = false }), "x := 1", ""},
		{"python, space before the bar", "python", "  #| output: false\n#|include: false\nprint(1)\n",
			with(func(o *Options) { o.Output, o.Include = false, false }), "print(1)\n", ""},
		{"go does not read #|", "go", "#| echo: false\nx", Default(), "#| echo: false\nx", ""},
		{"python does not read //|", "python", "//| echo: false\nx", Default(), "//| echo: false\nx", ""},
		{"# | is a comment", "python", "# | echo: false\nx", Default(), "# | echo: false\nx", ""},
		{"sql", "sql", "--| echo: false\nselect 1", with(func(o *Options) { o.Echo = false }), "select 1", ""},
		{"after a cell magic", "go", "%%\n//| code-fold: true\nx", with(func(o *Options) { o.Fold = true }),
			"%%\nx", ""},
		{"only at the top", "go", "x\n//| echo: false", Default(), "x\n//| echo: false", ""},
		{"figures", "go", "//| label: fig-values\n//| fig-cap: \"The values: $g(n)$\"\n//| fig-alt: A histogram\nshow()",
			with(func(o *Options) {
				o.Label, o.Caption, o.Alt = "fig-values", []string{"The values: $g(n)$"}, []string{"A histogram"}
			}),
			"show()", ""},
		{"lists and a block scalar", "python", "#| fig-cap:\n#|   - one\n#|   - 2\n#| fig-alt: |\n#|   long\n#|   text\n#| code-fold: show\n#| code-summary: See the code\nplot()",
			with(func(o *Options) {
				o.Fold, o.FoldOpen, o.Summary, o.Caption, o.Alt = true, true, "See the code", []string{"one", "2"}, []string{"long\ntext\n"}
			}), "plot()", ""},
		{"unknown options", "go", "//| fig-width: 5\n//| results: hide\nx", Default(), "x", ""},
		{"run", "go", "//| eval: false\n//| error: true\nx", with(func(o *Options) { o.Eval, o.Error = false, true }), "x", ""},
		{"warning, asis, fenced", "go", "//| warning: false\n//| output: asis\n//| echo: fenced\nx", with(func(o *Options) { o.Stderr, o.Asis = false, true }), "x", ""},
		{"warning true", "go", "//| warning: true\nx", Default(), "x", ""},
		{"line numbers", "python", "#| code-line-numbers: true\nx", with(func(o *Options) { o.LineNumbers = true }), "x", ""},
		{"lines to highlight", "python", "#| code-line-numbers: \"1,3\"\nx", with(func(o *Options) { o.LineNumbers = true }), "x", ""},
		{"table captions", "python", "#| tbl-cap: [Values, Counts]\nx", with(func(o *Options) { o.TableCaption = []string{"Values", "Counts"} }), "x", ""},
		{"options only", "go", "//| echo: false", with(func(o *Options) { o.Echo = false }), "", ""},
		{"not YAML", "go", "//| echo: [false\nx", Default(), "x", "are not used: not valid YAML"},
		{"a scalar, not a mapping", "go", "//| echo false\nx", Default(), "x", "are not used: not valid YAML"},
		{"wrong kinds", "go", "//| echo: maybe\n//| code-fold: later\n//| fig-cap: {a: b}\n//| label: [x]\n//| output: false\nx",
			with(func(o *Options) { o.Output = false }), "x",
			`option echo: "maybe" is not true or false`},
		{"a list with a mapping", "go", "//| fig-alt: [a, {b: c}]\nx", Default(), "x", "option fig-alt: a list is not text or a list of texts"},
		{"subfigures", "python", "#| label: fig-plots\n#| fig-cap: Plots\n#| fig-subcap:\n#|   - Plot 1\n#|   - Plot 2\n#| layout-ncol: 2\nx",
			with(func(o *Options) {
				o.Label, o.Caption, o.Subfigures, o.Subcaptions, o.Columns = "fig-plots", []string{"Plots"}, true, []string{"Plot 1", "Plot 2"}, 2
			}), "x", ""},
		{"letters alone", "python", "#| fig-subcap: true\n#| layout-nrow: 3\nx", with(func(o *Options) { o.Subfigures, o.Rows = true, 3 }), "x", ""},
		{"no subfigures", "python", "#| fig-subcap: false\nx", Default(), "x", ""},
		{"layout as YAML", "python", "#| layout: [[1,1], [-1, 2]]\nx", with(func(o *Options) { o.Layout = "[[1,1],[-1,2]]" }), "x", ""},
		{"layout as text", "python", "#| layout: \"[[70,30],[100]]\"\nx", with(func(o *Options) { o.Layout = "[[70,30],[100]]" }), "x", ""},
		{"layout of the wrong kinds", "python", "#| layout: {a: 1}\n#| layout-ncol: 0\n#| layout-nrow: two\nx", Default(), "x", "option layout: a mapping is not a list of rows"},
		{"CRLF lines", "python", "#| echo: false\r\nx", with(func(o *Options) { o.Echo = false }), "x", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, code, err := Parse(tt.lang, strings.ReplaceAll(tt.src, "\r\n", "\n"))
			checkResult(t, got, code, err, tt.want, tt.code, tt.err)
		})
	}
}

// checkResult reports where options, code and an error differ from those
// wanted: wantErr is a piece of the error, "" for none.
func checkResult(t *testing.T, got Options, code string, err error, want Options, wantCode, wantErr string) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("options\n%+v, want\n%+v", got, want)
	}
	if code != wantCode {
		t.Errorf("code %q, want %q", code, wantCode)
	}
	switch {
	case wantErr == "" && err != nil:
		t.Errorf("error %v", err)
	case wantErr != "" && (err == nil || !strings.Contains(err.Error(), wantErr)):
		t.Errorf("error %v, want one saying %q", err, wantErr)
	}
}

// TestParseWrongKinds: each value of the wrong kind gets its
// own line in the error, and the others are still read.
func TestParseWrongKinds(t *testing.T) {
	_, _, err := Parse("go", "//| echo: maybe\n//| code-fold: later\n//| fig-cap: {a: b}\n//| label: [x]\nx")
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"option echo:", "option code-fold: \"later\" is not true, false or show", "option fig-cap: a mapping", "option label: a list is not text"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// TestParseBounds: hostile option lines give a short error
// and no options, quickly.
func TestParseBounds(t *testing.T) {
	var dup strings.Builder
	for i := range 2500 {
		fmt.Fprintf(&dup, "//| k%d: v\n//| k%d: w\n", i%100, i%100)
	}
	bomb := "//| a: &a [x, x, x, x, x, x, x, x, x]\n"
	for c := 'b'; c <= 'j'; c++ {
		prev := string(c - 1)
		bomb += fmt.Sprintf("//| %c: &%c [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n", c, c, prev, prev, prev, prev, prev, prev, prev, prev, prev)
	}
	for _, tt := range []struct{ name, src, want string }{
		{"repeated keys", dup.String(), "already defined"},
		{"too long", strings.Repeat("//| fig-cap: "+strings.Repeat("x", 100)+"\n", 700), "too large: 77000 bytes, more than the 65536 allowed"},
		{"aliases", bomb, "aliases expand too far"},
		{"deep", "//| x: " + strings.Repeat("[", 20000) + "\n", "max depth"},
	} {
		opts, code, err := Parse("go", tt.src+"x")
		if err == nil || !strings.Contains(err.Error(), tt.want) || len(err.Error()) > 300 || code != "x" || !reflect.DeepEqual(opts, Default()) {
			t.Errorf("%s: %+v, %q, %v; want default options, code x and a short error saying %q", tt.name, opts, code, err, tt.want)
		}
	}
}

func TestPrefix(t *testing.T) {
	for lang, want := range map[string]string{"go": "//|", "python": "#|", "r": "#|", "julia": "#|", "bash": "#|", "c++": "//|", "rust": "//|", "sql": "--|", "": "#|", "fortran": "#|"} {
		if got := Prefix(lang); got != want {
			t.Errorf("Prefix(%q) = %q, want %q", lang, got, want)
		}
	}
}

// FuzzParse: any cell parses without a panic; the code is the
// source with whole option lines taken out, and has none left to take;
// the options hold at most a few times the source's bytes, whatever its
// aliases.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "x", "//| echo: false\nx", "%%\n//| fig-cap: [a, b]\n", "//| a: &x [*x, *x]\n", "//| fig-cap: |\n//|   two\n//|   lines\ny",
		"//| echo: [\n", "//|\n//|\n", "//| label: fig-a\n//| fig-alt: {x: 1}\n", "#| echo: false\n", "//| ? [a]\n//| : b\n",
		// Issue 33's alias bomb, small: 12 kB of options naming 8 MB.
		"//| x: &a " + strings.Repeat("y", 4000) + "\n//| fig-cap: [" + strings.Repeat("*a, ", 2000) + "*a]\nshow()\n"} {
		f.Add("go", s)
		f.Add("python", strings.ReplaceAll(s, "//|", "#|"))
	}
	f.Fuzz(func(t *testing.T, lang, src string) {
		opts, code, _ := Parse(lang, src)
		prefix := Prefix(lang)
		if !strings.Contains(src, prefix) {
			if code != src || !reflect.DeepEqual(opts, Default()) {
				t.Fatalf("a cell without %s changed: %q, %+v", prefix, code, opts)
			}
			return
		}
		// The lines of code are those of src, in order, less option lines.
		srcLines, codeLines := strings.SplitAfter(src, "\n"), strings.SplitAfter(code, "\n")
		j := 0
		for _, l := range srcLines {
			if j < len(codeLines) && l == codeLines[j] {
				j++
			} else if !strings.HasPrefix(strings.TrimLeft(l, " \t"), prefix) {
				t.Fatalf("line %q of %q dropped", l, src)
			}
		}
		if j != len(codeLines) && !(j == len(codeLines)-1 && codeLines[j] == "") {
			t.Fatalf("code %q is not src %q less option lines", code, src)
		}
		if _, _, err := Parse(lang, src); err != nil && len(err.Error()) > 1500 {
			t.Fatalf("an error of %d bytes", len(err.Error()))
		}
		if size := optionsSize(&opts); size > 4*len(src)+8<<10 {
			t.Fatalf("%d bytes of options from %d of source", size, len(src))
		}
		if _, again, _ := Parse(lang, code); again != code {
			t.Fatalf("option lines left in %q: %q", code, again)
		}
	})
}

// optionsSize returns the bytes of text options hold.
func optionsSize(o *Options) int {
	n := len(o.Summary) + len(o.Label) + len(o.PromptShow) + len(o.Figure.Caption) + len(o.Figure.Name) +
		len(o.Image.Alt) + len(o.Image.Width) + len(o.Image.Height)
	for _, list := range [][]string{o.Caption, o.Alt, o.TableCaption, o.Figure.Classes, o.Image.Classes} {
		for _, s := range list {
			n += len(s)
		}
	}
	return n
}
