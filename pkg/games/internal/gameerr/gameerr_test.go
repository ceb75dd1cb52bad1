package gameerr

import (
	"errors"
	"fmt"
	"strings"
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

func TestClip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"0.77", "0.77"},
		{strings.Repeat("H", 32), strings.Repeat("H", 32)},
		{strings.Repeat("H", 33), strings.Repeat("H", 32) + "..."},
		// é takes bytes 31 and 32: the cut falls before it.
		{strings.Repeat("x", 31) + "éz", strings.Repeat("x", 31) + "..."},
	} {
		if got := Clip(tc.in); got != tc.want {
			t.Errorf("Clip(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
