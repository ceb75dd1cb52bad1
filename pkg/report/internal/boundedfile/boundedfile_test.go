package boundedfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/alloctest"
	"testing/fstest"
	"testing/iotest"
)

// open opens path for the test.
func open(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestReadSparse reads a sparse file of 3 GB, which takes no disk: it is
// refused by its size, with next to nothing allocated.
func TestReadSparse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zeros")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 3<<30); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func(fs.File, int64) ([]byte, error){"Read": Read, "ReadRegular": ReadRegular} {
		f := open(t, path)
		var err error
		grown := alloctest.Allocated(func() { _, err = read(f, 16<<20) })
		e, ok := errors.AsType[*TooLargeError](err)
		if !ok || e.Size != 3<<30 || e.Limit != 16<<20 {
			t.Errorf("%s = %v, want a TooLargeError of 3 GB", name, err)
		}
		if grown > 64<<10 {
			t.Errorf("%s allocated %d bytes to refuse a file by its size", name, grown)
		}
	}
}

// TestReadAtLimit reads files of the limit's size and one more: the first
// is held in one buffer of its size (and one byte), where io.ReadAll
// over a LimitReader allocates about twice as much; the second is
// refused.
func TestReadAtLimit(t *testing.T) {
	const limit = 8 << 20
	dir := t.TempDir()
	for _, size := range []int64{0, 1, limit - 1, limit, limit + 1} {
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, bytes.Repeat([]byte{'x'}, int(size)), 0o644); err != nil {
			t.Fatal(err)
		}
		f := open(t, path)
		var data []byte
		var err error
		grown := alloctest.Allocated(func() { data, err = ReadRegular(f, limit) })
		if size > limit {
			if e, ok := errors.AsType[*TooLargeError](err); !ok || e.Size != size {
				t.Errorf("%d bytes: %v, want a TooLargeError", size, err)
			}
			continue
		}
		if err != nil || int64(len(data)) != size {
			t.Errorf("%d bytes: read %d, %v", size, len(data), err)
		}
		if grown > uint64(size)+64<<10 {
			t.Errorf("%d bytes: allocated %d", size, grown)
		}
	}
}

// TestReadNotRegular reads a folder, which ReadRegular refuses, and a
// pipe, whose size Stat does not
// give: it is read no further than the limit and a byte.
func TestReadNotRegular(t *testing.T) {
	dir := open(t, t.TempDir())
	if _, err := ReadRegular(dir, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadRegular(folder) = %v, want ErrNotRegular", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const limit = 100 << 10
	go func() {
		w.Write(make([]byte, 3*limit))
		w.Close()
	}()
	if _, err := ReadRegular(r, limit); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadRegular(pipe) = %v, want ErrNotRegular", err)
	}
	_, err = Read(r, limit)
	if e, ok := errors.AsType[*TooLargeError](err); !ok || e.Size != limit+1 {
		t.Fatalf("Read(pipe of %d bytes) = %v, want a TooLargeError of the limit and one", 3*limit, err)
	}
	left, _ := io.Copy(io.Discard, r)
	if read := 3*limit - left; read != limit+1 {
		t.Errorf("Read took %d bytes of the pipe, want the limit and one, %d", read, limit+1)
	}
	// A short pipe within a limit smaller than the first buffer is read.
	r, w, err = os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() {
		w.Write([]byte("hello"))
		w.Close()
	}()
	if data, err := Read(r, 10); err != nil || string(data) != "hello" {
		t.Errorf("Read(pipe of 5 bytes, 10) = %q, %v", data, err)
	}
}

// TestReadAll reads readers of many shapes: within the limit, each is read
// whole; past it, refused having read the limit and a byte.
func TestReadAll(t *testing.T) {
	text := strings.Repeat("0123456789", 1000)
	for _, tc := range []struct {
		name  string
		r     io.Reader
		limit int64
		want  string
		err   bool
	}{
		{"empty", strings.NewReader(""), 0, "", false},
		{"at the limit", strings.NewReader(text), int64(len(text)), text, false},
		{"one byte at a time", iotest.OneByteReader(strings.NewReader(text)), int64(len(text)), text, false},
		{"end with data", iotest.DataErrReader(strings.NewReader(text)), 1 << 20, text, false},
		{"over by one", strings.NewReader(text), int64(len(text)) - 1, "", true},
		{"over, limit zero", strings.NewReader("x"), 0, "", true},
		{"failing", iotest.ErrReader(iotest.ErrTimeout), 10, "", true},
		{"negative limit", strings.NewReader(""), -1, "", true},
	} {
		data, err := ReadAll(tc.r, tc.limit)
		if (err != nil) != tc.err || string(data) != tc.want {
			t.Errorf("%s: ReadAll = %d bytes, %v", tc.name, len(data), err)
		}
	}
}

// TestReadFS reads through an fs.FS, as a notebook's folder is read.
func TestReadFS(t *testing.T) {
	fsys := fstest.MapFS{"a.txt": {Data: []byte("hello")}, "d": {Mode: fs.ModeDir}}
	for _, tc := range []struct {
		name, want string
		limit      int64
		err        error
		tooLarge   bool
	}{
		{"a.txt", "hello", 5, nil, false},
		{"a.txt", "", 4, nil, true},
		{"d", "", 100, ErrNotRegular, false},
	} {
		f, err := fsys.Open(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		data, err := ReadRegular(f, tc.limit)
		f.Close()
		_, tooLarge := errors.AsType[*TooLargeError](err)
		if tooLarge != tc.tooLarge || !tc.tooLarge && (!errors.Is(err, tc.err) || string(data) != tc.want) {
			t.Errorf("%s within %d: %q, %v", tc.name, tc.limit, data, err)
		}
	}
}

// BenchmarkReadRegular reads a file of 1 MB.
func BenchmarkReadRegular(b *testing.B) {
	path := filepath.Join(b.TempDir(), "f")
	if err := os.WriteFile(path, make([]byte, 1<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(1 << 20)
	b.ReportAllocs()
	for b.Loop() {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ReadRegular(f, 16<<20); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}
