package heap

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// A checkpoint file holds the values of a run, so that a long computation
// can be done in pieces:
//
//	magic    "GRUNDYOV"
//	version  uint32, 1
//	width    uint32, bytes per value: 2 or 4
//	codeLen  uint32, at most maxCodeLen
//	count    uint64, the number of values, at most MaxValues
//	code     codeLen bytes, the canonical code
//	values   count values of width bytes
//	sum      the SHA-256 of everything before it
//
// all integers little-endian. It is written to a temporary file in the same
// directory and renamed over the old one, so a crash leaves the old
// checkpoint or the new one, never half of one.
const (
	checkpointMagic   = "GRUNDYOV"
	checkpointVersion = 1
	checkpointHeader  = 8 + 4 + 4 + 4 + 8
	maxCodeLen        = 1024
)

// ErrCheckpoint is wrapped by the errors of OctalValues and OctalPeriodWith
// for a checkpoint file that is damaged, of another version or of another
// game, or that cannot be read or written; an error of the file system is
// wrapped too, for errors.Is(err, fs.ErrPermission) and the like.
var ErrCheckpoint = errors.New("bad checkpoint")

// errNoCheckpoint says that the checkpoint file does not exist yet.
var errNoCheckpoint = errors.New("no checkpoint")

// writeCheckpoint saves the values of r to path atomically.
func writeCheckpoint(path string, r *octalRun) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	sum := sha256.New()
	w := bufio.NewWriterSize(io.MultiWriter(f, sum), 1<<16)
	if err = r.writeValues(w); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	if _, err := f.Write(sum.Sum(nil)); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("%w: writing %s: %w", ErrCheckpoint, path, err)
	}
	return nil
}

func writeValues[T valueType](w io.Writer, code string, g []T) error {
	width := max(binary.Size(T(0)), 2) // one-byte values are saved in two
	hdr := make([]byte, 0, checkpointHeader+len(code))
	hdr = append(hdr, checkpointMagic...)
	hdr = binary.LittleEndian.AppendUint32(hdr, checkpointVersion)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(width))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(code)))
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(len(g)))
	hdr = append(hdr, code...)
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	buf := make([]byte, 0, 1<<16)
	for len(g) > 0 {
		k := min(len(g), cap(buf)/width)
		buf = buf[:0]
		for _, v := range g[:k] {
			if width == 2 {
				buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
			} else {
				buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
			}
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		g = g[k:]
	}
	return nil
}

// readCheckpoint returns a run that continues from the values saved in
// path for the game c; errNoCheckpoint if there is no such file.
func readCheckpoint(path string, c *pairGame) (*octalRun, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoCheckpoint
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCheckpoint, err)
	}
	return readValues(f, st.Size(), path, c)
}

// readValues reads a checkpoint of size bytes for the game c from the file
// name.
func readValues(f io.Reader, size int64, name string, c *pairGame) (*octalRun, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrCheckpoint, name, fmt.Sprintf(format, args...))
	}
	br := bufio.NewReaderSize(f, 1<<16)
	sum := sha256.New()
	r := &hashingReader{r: br, h: sum}
	hdr := make([]byte, checkpointHeader)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, bad("header: %v", err)
	}
	if string(hdr[:8]) != checkpointMagic {
		return nil, bad("not a checkpoint file")
	}
	le := binary.LittleEndian
	if v := le.Uint32(hdr[8:]); v != checkpointVersion {
		return nil, bad("version %d, want %d", v, checkpointVersion)
	}
	width, codeLen, count := le.Uint32(hdr[12:]), le.Uint32(hdr[16:]), le.Uint64(hdr[20:])
	if width != 2 && width != 4 {
		return nil, bad("%d bytes a value, want 2 or 4", width)
	}
	if codeLen > maxCodeLen {
		return nil, bad("code of %d bytes, at most %d", codeLen, maxCodeLen)
	}
	if count < 1 || count > MaxValues {
		return nil, bad("%d values, want 1 to %d", count, MaxValues)
	}
	if want := int64(checkpointHeader) + int64(codeLen) + int64(count)*int64(width) + sha256.Size; size != want {
		return nil, bad("%d bytes, want %d for %d values", size, want, count)
	}
	code := make([]byte, codeLen)
	if _, err := io.ReadFull(r, code); err != nil {
		return nil, bad("code: %v", err)
	}
	if string(code) != c.name {
		return nil, bad("values of %q, not of %s", code, c.name)
	}
	run := &octalRun{game: c}
	var err error
	if width == 2 {
		var g []uint16
		if g, err = readPayload[uint16](r, int(count)); err == nil {
			run.e16, err = resumeChecked(c, g, sum, br)
		}
	} else {
		var g []uint32
		if g, err = readPayload[uint32](r, int(count)); err == nil {
			run.e32, err = resumeChecked(c, g, sum, br)
		}
	}
	if err != nil {
		return nil, bad("%v", err)
	}
	return run, nil
}

func readPayload[T valueType](r io.Reader, count int) ([]T, error) {
	width := binary.Size(T(0))
	g := make([]T, count)
	buf := make([]byte, 1<<16)
	for i := 0; i < count; {
		k := min(count-i, len(buf)/width)
		if _, err := io.ReadFull(r, buf[:k*width]); err != nil {
			return nil, fmt.Errorf("values: %w", err)
		}
		for j := range k {
			if width == 2 {
				g[i+j] = T(binary.LittleEndian.Uint16(buf[2*j:]))
			} else {
				g[i+j] = T(binary.LittleEndian.Uint32(buf[4*j:]))
			}
		}
		i += k
	}
	return g, nil
}

// hashingReader hashes what is read through it.
type hashingReader struct {
	r io.Reader
	h hash.Hash
}

func (r *hashingReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.h.Write(p[:n])
	return n, err
}

// resumeChecked checks the sum that follows the values, read from r, and
// that each value is possible, and returns an engine that goes on from g.
func resumeChecked[T valueType](c *pairGame, g []T, sum hash.Hash, r io.Reader) (*engine[T], error) {
	want := sum.Sum(nil)
	got := make([]byte, sha256.Size)
	if _, err := io.ReadFull(r, got); err != nil {
		return nil, fmt.Errorf("checksum: %w", err)
	}
	if !bytes.Equal(got, want) {
		return nil, errors.New("checksum mismatch, the file is damaged")
	}
	// A heap of x tokens has fewer than (t+1)(x+2) options, so its value is
	// at most that; checking it keeps a forged file from asking for
	// memory out of proportion.
	options := int64(c.maxTake + 1)
	for x, v := range g {
		if int64(v) > options*int64(x+2) {
			return nil, fmt.Errorf("g(%d) = %d is more than the heap has options", x, v)
		}
	}
	return resumeEngine(c, g), nil
}
