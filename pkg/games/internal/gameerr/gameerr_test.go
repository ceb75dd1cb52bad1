package gameerr

import (
	"errors"
	"fmt"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

var errSentinel = errors.New("invalid thing")

func TestNew(t *testing.T) {
	cause := fmt.Errorf("%w: detail", errSentinel)
	inner := New("heap.ParseCode", "0.#", cause)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{New("heap.Octal", "0.#", cause), `heap.Octal "0.#": invalid thing: detail`},
		{New("misere.Solve", "0.#", inner), `misere.Solve "0.#": invalid thing: detail`},
	} {
		var e *games.Error
		if !errors.As(tc.err, &e) || !errors.Is(tc.err, errSentinel) || tc.err.Error() != tc.want {
			t.Errorf("%v: want a *games.Error wrapping the sentinel, %q", tc.err, tc.want)
		}
		if errors.Unwrap(e) != cause {
			t.Errorf("%v: cause %v, want %v", tc.err, errors.Unwrap(e), cause)
		}
	}
}
