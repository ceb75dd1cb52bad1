//go:build !unix

package site

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// lockFile is the file a dirLock creates where flock(2) is missing.
const lockFile = ".render.lock"

// A dirLock is the file lockFile in the folder, created exclusively. A
// process that is killed leaves it behind, to be removed by hand.
type dirLock struct{ path string }

func newDirLock(dir string) (*dirLock, error) {
	return &dirLock{filepath.Join(dir, lockFile)}, nil
}

// try takes the lock if it is free.
func (l *dirLock) try() (bool, error) {
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, f.Close()
}

// unlock releases the lock, by removing the file.
func (l *dirLock) unlock() { os.Remove(l.path) }

// close gives up a lock not taken.
func (l *dirLock) close() {}

// hint names the file that holds the lock.
func (l *dirLock) hint() string { return " (or remove " + l.path + " if none runs)" }
