package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// ignoreSIGPIPE keeps a write to a closed pipe on standard output or
// error (render … | head) from killing render at once, as Go does by
// default for those two: the write fails instead, and the run can end as
// it does on SIGINT, kernels and temporary folders cleaned up. Writes to
// other pipes and sockets fail alike, as they always did.
func ignoreSIGPIPE() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
}

// An endWriter writes to a standard stream and ends the run when it
// cannot: nobody reads what render says any more (the pipe was closed, the
// terminal hung up), and a run nobody watches is not to go on.
type endWriter struct {
	f      *os.File
	cancel context.CancelCauseFunc
}

func (w *endWriter) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	if err != nil {
		w.cancel(fmt.Errorf("cannot write to %s: %w", w.f.Name(), err))
	}
	return n, err
}

// Stat returns the stream's file information, so that a terminal is
// still known as one.
func (w *endWriter) Stat() (os.FileInfo, error) { return w.f.Stat() }

// isTerminal reports whether w writes to a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
