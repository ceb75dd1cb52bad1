package textnotebook

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/alloctest"
)

// TestReadFileSparse reads a sparse text notebook of 3 GB (issue 33.12):
// read with io.ReadAll up to the cap, it held up to twice MaxSize (63 MB
// of memory). It is refused by its size, naming the file, and IsNotebook
// says it is one, so that reading it says why it fails; neither reads
// it.
func TestReadFileSparse(t *testing.T) {
	big := filepath.Join(t.TempDir(), "zeros.qmd")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 3<<30); err != nil {
		t.Fatal(err)
	}
	var err error
	if grown := alloctest.Allocated(func() { _, err = ReadFile(big) }); grown > 1<<20 {
		t.Errorf("ReadFile of 3 GB allocated %d bytes", grown)
	}
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), big) || !strings.Contains(err.Error(), "larger than 16 MiB") {
		t.Errorf("ReadFile of 3 GB: %v, want ErrTooLarge naming the file", err)
	}
	var ok bool
	if grown := alloctest.Allocated(func() { ok, err = IsNotebook(big) }); grown > 1<<20 {
		t.Errorf("IsNotebook of 3 GB allocated %d bytes", grown)
	}
	if !ok || err != nil {
		t.Errorf("IsNotebook(3 GB) = %v, %v; want true", ok, err)
	}
}

// TestReadLimitedOnce reads a file of MaxSize bytes, the largest read,
// and holds it once: the allocation is its size and little more.
func TestReadLimitedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.md")
	if err := os.WriteFile(path, []byte(strings.Repeat("x", MaxSize)), 0o644); err != nil {
		t.Fatal(err)
	}
	var data []byte
	var err error
	grown := alloctest.Allocated(func() { data, err = readLimited(path) })
	if err != nil || len(data) != MaxSize {
		t.Fatalf("readLimited = %d bytes, %v", len(data), err)
	}
	if grown > MaxSize+1<<20 {
		t.Errorf("reading %d bytes allocated %d", MaxSize, grown)
	}
}
