//go:build !linux

package pdf

import "context"

// watchMemory returns tab: where the system does not tell a process's
// memory simply, a print is bounded by its time alone.
func watchMemory(tab, browser context.Context, limit int64) (ctx context.Context, stop func()) {
	return tab, func() {}
}
