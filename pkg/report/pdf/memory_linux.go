package pdf

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/chromedp/chromedp"
)

// watchMemory returns a context of tab that ends, with a cause wrapping
// ErrLimit, when the processes of browser take more than limit bytes of
// resident memory together; stop ends the watch.
func watchMemory(tab, browser context.Context, limit int64) (ctx context.Context, stop func()) {
	c := chromedp.FromContext(browser)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return tab, func() {}
	}
	pid := c.Browser.Process().Pid
	ctx, cancel := context.WithCancelCause(tab)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				if used := treeMemory(pid); used > limit {
					cancel(fmt.Errorf("%w: the browser took %d MB, more than %d MB", errMemory, used>>20, limit>>20))
					return
				}
			}
		}
	}()
	return ctx, func() {
		close(done)
		cancel(nil)
	}
}

// treeMemory returns the memory of process pid and its descendants, in
// bytes (see resident).
func treeMemory(pid int) int64 {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	parent := map[int]int{}
	for _, d := range dirs {
		stat, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(stat, ')')
		f := bytes.Fields(stat[i+1:])
		if i < 0 || len(f) < 2 {
			continue
		}
		p, _ := strconv.Atoi(filepath.Base(d))
		parent[p], _ = strconv.Atoi(string(f[1]))
	}
	var total int64
	for p := range parent {
		for a := p; a > 1; a = parent[a] {
			if a == pid {
				total += resident(p)
				break
			}
		}
	}
	return total
}

// resident returns the memory of process p in bytes, its shared pages
// divided among the processes that share them (the proportional set size
// of /proc/PID/smaps_rollup): the browser's processes share its program,
// which counted whole in each would count it many times.
func resident(p int) int64 {
	rollup, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/smaps_rollup")
	if err != nil {
		return 0
	}
	for line := range bytes.SplitSeq(rollup, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(line, []byte("Pss:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 0 {
				return 0
			}
			kb, _ := strconv.ParseInt(string(f[0]), 10, 64)
			return kb << 10
		}
	}
	return 0
}
