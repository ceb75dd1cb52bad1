package golden

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	cases := []Case{
		{No: 1, Description: "first", Input: "in\n", Output: "out\nlines\n"},
		{No: 2, Description: "empty output", Input: "x\n", Output: ""},
	}
	path := filepath.Join(t.TempDir(), "cases.txt")
	if err := Write(path, cases); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, cases) {
		t.Errorf("read back %+v, want %+v", got, cases)
	}
}
