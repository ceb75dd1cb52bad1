//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package gonb

import "context"

// lockFile does nothing where flock is missing: two processes may then both
// build, and the rename in build keeps the cache consistent.
func lockFile(ctx context.Context, path string) (func(), error) {
	return func() {}, nil
}
