package execute

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// python returns a Python notebook of the cells.
func python(cells ...*notebook.Cell) *notebook.Notebook {
	nb := newNotebook(cells...)
	nb.Metadata.Set("kernelspec", map[string]string{"name": "python3", "language": "python", "display_name": "Python 3"})
	return nb
}

func TestRanges(t *testing.T) {
	tests := []struct {
		name string
		nb   *notebook.Notebook
		want string // the ranges as NAME=MIN..MAX (DEFAULT), joined by "; "
		err  string
	}{
		{"go", newNotebook(code("var N = 100_000 // range: 29..1_000_000", ParametersTag)), "N=29..1_000_000 (100_000)", ""},
		{"go block and consts", newNotebook(code("var (\n\tM = 15 // range: 1 .. 1<<4\n\tH = 20 // heaps\n\tR = 0.5 // range: 0..1\n)\nconst K = 7 // range: -7..7", ParametersTag)),
			"M=1..1<<4 (15); R=0..1 (0.5); K=-7..7 (7)", ""},
		{"go block comment", newNotebook(code("var N = 3 /* range: 1..9 */", ParametersTag)), "N=1..9 (3)", ""},
		{"go no ranges", newNotebook(code("var N = 3 // the size", ParametersTag)), "", ""},
		{"no parameters cell", newNotebook(code("var N = 3 // range: 1..9")), "", ""},
		{"python", python(code("N = 5  # range: 1..10\nT = 'a#b'  # a title\nX = 2 # range: 0.5..2.5", ParametersTag)), "N=1..10 (5); X=0.5..2.5 (2)", ""},
		{"go default outside", newNotebook(code("var N = 30 // range: 1..9", ParametersTag)), "", "N: the default: 30 is outside the range 1..9"},
		{"go empty range", newNotebook(code("var N = 3 // range: 9..1", ParametersTag)), "", "N: the range 9..1 is empty"},
		{"go no dots", newNotebook(code("var N = 3 // range: 1-9", ParametersTag)), "", `N: the range "1-9" is not LO..HI`},
		{"go bad end", newNotebook(code("var N = 3 // range: one..9", ParametersTag)), "", `N: the range's lower end "one": not a constant number`},
		{"go string default", newNotebook(code("var S = \"x\" // range: 1..9", ParametersTag)), "", `S: the default: "x" is not a constant number`},
		{"python default outside", python(code("N = 0  # range: 1..10", ParametersTag)), "", "N: the default: 0 is outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Ranges(tt.nb)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("Ranges: %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var parts []string
			for _, r := range got {
				parts = append(parts, fmt.Sprintf("%s=%s..%s (%s)", r.Name, r.Min, r.Max, r.Default))
			}
			if s := strings.Join(parts, "; "); s != tt.want {
				t.Errorf("Ranges = %q, want %q", s, tt.want)
			}
		})
	}
}

// TestInjectRange checks that a value is injected only when it lies in
// the range its parameter declares, at both ends and beyond them, and
// that the refusal names the parameter, the value and the range.
func TestInjectRange(t *testing.T) {
	tests := []struct {
		nb    func() *notebook.Notebook
		value string
		err   string
	}{
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "29", ""},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "1000", ""},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "1<<9", ""},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "28", "N=28: 28 is outside the range 29..1_000 that the parameters cell declares"},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "1001", "outside the range"},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // range: 29..1_000", ParametersTag)) }, "len(os.Args)", "not a constant number"},
		{func() *notebook.Notebook { return newNotebook(code("var N = 100 // the size", ParametersTag)) }, "100000", ""},
		{func() *notebook.Notebook { return python(code("N = 100  # range: 29..1_000", ParametersTag)) }, "1_000", ""},
		{func() *notebook.Notebook { return python(code("N = 100  # range: 29..1_000", ParametersTag)) }, "10**6", "not a constant number"},
		{func() *notebook.Notebook { return python(code("N = 100  # range: 29..1_000", ParametersTag)) }, "0", "outside the range"},
	}
	for _, tt := range tests {
		nb := tt.nb()
		lang := "go"
		if strings.HasPrefix(nb.Cells[0].Source, "N =") {
			lang = "python"
		}
		_, err := inject(nb, []Param{{Name: "N", Value: tt.value}}, lang)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s N=%s: %v", lang, tt.value, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, ErrParameter)):
			t.Errorf("%s N=%s: %v, want an ErrParameter with %q", lang, tt.value, err, tt.err)
		}
	}
}
