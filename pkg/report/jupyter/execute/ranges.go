package execute

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A Range is the values a numeric parameter accepts, as its parameters
// cell declares them in a comment on the parameter's line that starts
// with "range:", its two ends joined by "..":
//
//	var N = 100_000 // range: 29..1_000_000
//	N = 100_000  # range: 29..1_000_000
//
// Both ends belong to the range. An end is a constant expression in Go's
// syntax (a Python notebook's are number literals, which read the same).
// A value given with -p must be a number inside the range; the default
// must lie in it too, or the parameters cell is refused.
type Range struct {
	// Name is the parameter's name.
	Name string
	// Min and Max are the ends as the cell writes them; Default is the
	// parameter's value in the cell.
	Min, Max, Default string

	min, max constant.Value
}

// rangePrefix starts a comment that declares a parameter's range.
const rangePrefix = "range:"

// parseRange reads the range a comment declares for the parameter name
// whose default is dflt: nil when the comment declares none.
func parseRange(name, comment, dflt string) (r *Range, err error) {
	text, ok := strings.CutPrefix(strings.TrimSpace(comment), rangePrefix)
	if !ok {
		return nil, nil
	}
	lo, hi, ok := strings.Cut(text, "..")
	if !ok {
		return nil, fmt.Errorf("%s: the range %q is not LO..HI", name, strings.TrimSpace(text))
	}
	r = &Range{Name: name, Min: strings.TrimSpace(lo), Max: strings.TrimSpace(hi), Default: strings.TrimSpace(dflt)}
	if r.min, err = number(r.Min); err != nil {
		return nil, fmt.Errorf("%s: the range's lower end %q: %w", name, r.Min, err)
	}
	if r.max, err = number(r.Max); err != nil {
		return nil, fmt.Errorf("%s: the range's upper end %q: %w", name, r.Max, err)
	}
	if constant.Compare(r.min, token.GTR, r.max) {
		return nil, fmt.Errorf("%s: the range %s..%s is empty", name, r.Min, r.Max)
	}
	if err := r.check(r.Default); err != nil {
		return nil, fmt.Errorf("%s: the default: %w", name, err)
	}
	return r, nil
}

// errNotNumber is the cause of a value that a range cannot hold because
// it is not a number.
var errNotNumber = errors.New("not a constant number")

// number returns the value of a constant numeric expression, such as
// "1_000_000", "1 << 20" or "-2.5".
func number(expr string) (constant.Value, error) {
	tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, expr)
	if err != nil || tv.Value == nil {
		return nil, errNotNumber
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return tv.Value, nil
	}
	return nil, errNotNumber
}

// check returns an error if the value, an expression, is not a number of
// the range.
func (r *Range) check(value string) error {
	v, err := number(value)
	if err != nil {
		return fmt.Errorf("%s is %w, but the parameters cell declares the range %s..%s", value, err, r.Min, r.Max)
	}
	if constant.Compare(v, token.LSS, r.min) || constant.Compare(v, token.GTR, r.max) {
		return fmt.Errorf("%s is outside the range %s..%s that the parameters cell declares", value, r.Min, r.Max)
	}
	return nil
}

// Ranges returns the ranges that the parameters cell of nb declares, in
// the order of its lines; none when no code cell is tagged parameters.
// The notebook's language is the one its kernel runs (Go or Python: other
// languages take no parameters). The error is for a parameters cell that
// cannot be read or whose ranges are malformed.
func Ranges(nb *notebook.Notebook) ([]Range, error) {
	at := slices.IndexFunc(nb.Cells, func(c *notebook.Cell) bool { return c.Type == notebook.Code && c.HasTag(ParametersTag) })
	if at < 0 {
		return nil, nil
	}
	choice, err := chooseKernel(nb, "")
	if err != nil {
		return nil, err
	}
	var decls []declared
	switch choice.language {
	case "go":
		decls, err = parameterList(nb.Cells[at].Source)
	case "python":
		decls, err = pythonParameterList(nb.Cells[at].Source)
	}
	if err != nil {
		return nil, fmt.Errorf("cell %d: %w", at+1, err)
	}
	var out []Range
	for _, d := range decls {
		if d.rng != nil {
			out = append(out, *d.rng)
		}
	}
	return out, nil
}
