package site

import (
	"context"
	"fmt"
	"time"
)

// lockPoll is how often a build waiting for the lock on Dir tries again.
const lockPoll = 100 * time.Millisecond

// lockDir takes an exclusive lock on the folder dir, waiting while another
// build holds it until ctx is done; wait is called once if it has to.
func lockDir(ctx context.Context, dir string, wait func()) (unlock func(), err error) {
	l, err := newDirLock(dir)
	if err != nil {
		return nil, fmt.Errorf("locking %s: %w", dir, err)
	}
	for waited := false; ; waited = true {
		ok, err := l.try()
		if err != nil {
			l.close()
			return nil, fmt.Errorf("locking %s: %w", dir, err)
		}
		if ok {
			return l.unlock, nil
		}
		if !waited && wait != nil {
			wait()
		}
		select {
		case <-ctx.Done():
			l.close()
			return nil, fmt.Errorf("waiting for another render into %s%s: %w", dir, l.hint(), ctx.Err())
		case <-time.After(lockPoll):
		}
	}
}
