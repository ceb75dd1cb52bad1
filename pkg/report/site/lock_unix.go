//go:build unix

package site

import (
	"errors"
	"os"
	"syscall"
)

// A dirLock is flock(2) on the folder itself: it leaves no file behind,
// and the system releases it when the process ends, however it ends. Each
// dirLock opens the folder anew, so two in one process exclude each other
// as two processes do.
type dirLock struct{ f *os.File }

func newDirLock(dir string) (*dirLock, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	return &dirLock{f}, nil
}

// try takes the lock if it is free.
func (l *dirLock) try() (bool, error) {
	err := syscall.Flock(int(l.f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) || errors.Is(err, syscall.EINTR) {
		return false, nil
	}
	return err == nil, err
}

// unlock releases the lock, by closing the folder.
func (l *dirLock) unlock() { l.f.Close() }

// close gives up a lock not taken.
func (l *dirLock) close() { l.f.Close() }

// hint says nothing more: a dead process holds no flock.
func (l *dirLock) hint() string { return "" }
