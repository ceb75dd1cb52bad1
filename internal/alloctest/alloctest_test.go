package alloctest

import "testing"

var sink []byte

// TestAllocated checks that a slice of 1 MB made in f is counted, and
// that nothing much is counted for f doing nothing.
func TestAllocated(t *testing.T) {
	if got := Allocated(func() { sink = make([]byte, 1<<20) }); got < 1<<20 {
		t.Errorf("making 1 MB: Allocated = %d", got)
	}
	if got := Allocated(func() {}); got > 64<<10 {
		t.Errorf("doing nothing: Allocated = %d", got)
	}
}
