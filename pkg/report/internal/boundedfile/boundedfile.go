package boundedfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

// ErrNotRegular is the error of ReadRegular for a folder, a device, a
// pipe or a socket.
var ErrNotRegular = errors.New("not a regular file")

// A TooLargeError is the error for a file of more than Limit bytes. Size
// is the file's size, or, when Stat did not give it or the file grew as
// it was read, the bytes read: Limit and one.
type TooLargeError struct {
	Size, Limit int64
}

// Error says the size and the limit.
func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%d bytes or more, more than the %d allowed", e.Size, e.Limit)
}

// unknownSize is the first buffer's size for a file whose size Stat does
// not give.
const unknownSize = 512

// Read reads f to its end, refusing more than limit bytes with a
// *TooLargeError: a regular file by its size, before reading it.
func Read(f fs.File, limit int64) ([]byte, error) {
	return read(f, limit, false)
}

// ReadRegular is Read for a regular file only: anything else is refused
// with ErrNotRegular, before it is read.
func ReadRegular(f fs.File, limit int64) ([]byte, error) {
	return read(f, limit, true)
}

func read(f fs.File, limit int64, regularOnly bool) ([]byte, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	switch {
	case info.Mode().IsRegular() && info.Size() > limit:
		return nil, &TooLargeError{Size: info.Size(), Limit: limit}
	case info.Mode().IsRegular():
		return readAtMost(f, info.Size(), limit)
	case regularOnly:
		return nil, ErrNotRegular
	}
	return readAtMost(f, unknownSize, limit)
}

// ReadAll reads r to its end, as io.ReadAll does, but no further than
// limit bytes and one: more is refused with a *TooLargeError.
func ReadAll(r io.Reader, limit int64) ([]byte, error) {
	return readAtMost(r, unknownSize, limit)
}

// readAtMost reads r to its end into a buffer of size bytes and one, the
// one to see the end without growing the buffer, so that data of the
// size expected is held once. Data that does not fit grows the buffer,
// by doubling up to limit and one.
func readAtMost(r io.Reader, size, limit int64) ([]byte, error) {
	if limit < 0 {
		return nil, fmt.Errorf("boundedfile: limit %d is negative", limit)
	}
	buf := make([]byte, 0, min(size, limit)+1)
	for {
		if len(buf) == cap(buf) {
			if int64(len(buf)) > limit {
				return nil, &TooLargeError{Size: int64(len(buf)), Limit: limit}
			}
			grown := make([]byte, len(buf), min(2*int64(cap(buf)), limit+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			if int64(len(buf)) > limit {
				return nil, &TooLargeError{Size: int64(len(buf)), Limit: limit}
			}
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
