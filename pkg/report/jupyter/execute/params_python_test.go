package execute

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestPythonParameters(t *testing.T) {
	cell := "# Parameters\nN = 100\nTitle = 'small'\nlabel: str = None\nratio: float = 0.5\nraw = r\"\\d+\"\nfmt = f\"{N}\"\ndata = b\"x\"\nflag=True\nif N == 3:\n    hidden = 'x'\nN == 4\nA = B = 1\n"
	want := map[string]declared{
		"N": {name: "N"}, "Title": {name: "Title", str: true}, "label": {name: "label", str: true},
		"ratio": {name: "ratio"}, "raw": {name: "raw", str: true}, "fmt": {name: "fmt", str: true},
		"data": {name: "data"}, "flag": {name: "flag"}, "A": {name: "A"},
	}
	list, err := pythonParameterList(cell)
	if got := byName(list); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("pythonParameterList =\n%v, %v\nwant\n%v", got, err, want)
	}
}

func TestInjectLanguages(t *testing.T) {
	nb := newNotebook(code("N = 1", ParametersTag), code("print(N)"))
	at, err := inject(nb, []Param{{Name: "N", Value: "2"}}, "python")
	if err != nil || at != 1 || nb.Cells[1].Source != "# Parameters injected by render -p.\nN = 2" {
		t.Errorf("inject python: %d, %v\n%s", at, err, nb.Cells[at].Source)
	}
	r := newNotebook(code("N <- 1", ParametersTag))
	if _, err := inject(r, []Param{{Name: "N", Value: "2"}}, "r"); !errors.Is(err, ErrParameter) || !strings.Contains(err.Error(), `language is "r"`) {
		t.Errorf("inject r: %v", err)
	}
	if at, err := inject(r, nil, "r"); err != nil || at != -1 {
		t.Errorf("inject r without parameters: %d, %v", at, err)
	}
}

// FuzzPythonInjectedSource checks that no value, however odd, makes the
// injected cell more than one assignment per parameter, or a line that
// IPython would run as a shell command or a magic.
func FuzzPythonInjectedSource(f *testing.F) {
	for _, s := range []string{"1", "hello", "'x'", "!ls", "%%bash", "a\nb", "\"\\\"", "x\u2028!ls"} {
		f.Add("N = 1\nS = 's'", s)
	}
	f.Fuzz(func(t *testing.T, cell, value string) {
		for _, name := range []string{"N", "S"} {
			src, err := pythonInjectedSource(cell, []Param{{Name: name, Value: value}})
			if err != nil {
				continue
			}
			lines := strings.Split(src, "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[1], name+" = ") {
				t.Fatalf("value %q: injected\n%s", value, src)
			}
			v := strings.TrimPrefix(lines[1], name+" = ")
			if strings.HasPrefix(v, "!") || strings.HasPrefix(v, "%") {
				t.Fatalf("value %q: an IPython command line %q", value, lines[1])
			}
		}
	})
}
