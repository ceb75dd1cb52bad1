//go:build unix

package kernel

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestGuard checks both ends of a kernel's guard: released, it leaves
// the kernel's process group and folder alone; when its client's end of
// the pipe closes unannounced, as when the client dies, it kills the
// group and removes the folder.
func TestGuard(t *testing.T) {
	for _, released := range []bool{true, false} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "kernel.json"), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
		// A kernel of two processes in a group of their own.
		k := exec.Command("/bin/sh", "-c", "sleep 60 & exec sleep 60")
		setProcessGroup(k)
		if err := k.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { k.Wait(); close(exited) }()
		g, err := startGuard(k.Process.Pid, dir)
		if err != nil {
			t.Fatal(err)
		}
		if released {
			g.release()
		} else {
			g.w.Close() // the client died
			g.cmd.Wait()
		}
		select {
		case <-exited:
			if released {
				t.Error("released, the guard killed the kernel")
			}
		case <-time.After(2 * time.Second):
			if !released {
				t.Error("the kernel outlived its client by 2s")
			}
		}
		_, err = os.Stat(dir)
		if released && err != nil {
			t.Errorf("released, the guard removed the folder: %v", err)
		}
		if !released && !os.IsNotExist(err) {
			t.Errorf("the kernel's folder outlived its client: %v", err)
		}
		syscall.Kill(-k.Process.Pid, syscall.SIGKILL) // what the released kernel left
		<-exited
	}
}
