package check

import (
	"bytes"
	"errors"
	"testing"
)

// recovered runs f and returns what it panicked with, or nil.
func recovered(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func TestThat(t *testing.T) {
	var out bytes.Buffer
	tests := []struct {
		ok      bool
		printed string
		failure string
	}{
		{true, "✓ 3 + 4 = 7\n", ""},
		{false, "", "claim failed: 3 + 4 = 7"},
	}
	for _, tt := range tests {
		out.Reset()
		v := recovered(func() { that(&out, tt.ok, "%d + %d = %d", 3, 4, 7) })
		if out.String() != tt.printed {
			t.Errorf("ok=%v printed %q, want %q", tt.ok, out.String(), tt.printed)
		}
		f, isFailure := v.(Failure)
		switch {
		case tt.failure == "" && v != nil:
			t.Errorf("ok=%v panicked with %v", tt.ok, v)
		case tt.failure != "" && (!isFailure || f.Error() != tt.failure):
			t.Errorf("ok=%v panicked with %v, want Failure %q", tt.ok, v, tt.failure)
		}
	}
}

func TestMust(t *testing.T) {
	errBad := errors.New("bad")
	if v := recovered(func() {
		if got := Must(7, nil); got != 7 {
			t.Errorf("Must(7, nil) = %d", got)
		}
		if a, b := Must2("a", 2, nil); a != "a" || b != 2 {
			t.Errorf("Must2 = %q, %d", a, b)
		}
	}); v != nil {
		t.Errorf("panicked with %v on a nil error", v)
	}
	for name, f := range map[string]func(){
		"Must":  func() { Must(0, errBad) },
		"Must2": func() { Must2(0, 0, errBad) },
	} {
		if v := recovered(f); v != errBad {
			t.Errorf("%s panicked with %v, want the error", name, v)
		}
	}
}
