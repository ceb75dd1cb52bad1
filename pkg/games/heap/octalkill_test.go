package heap

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// killChildEnv, set, makes the test binary that TestOctalPeriodKilled
// starts again the search to kill: it names the checkpoint file.
const killChildEnv = "GRUNDY_KILL_CHILD"

// killCode and killTerms are the search of the kill test: 0.16 proves
// preperiod 105351 and period 149459 from 509,622 values, in 32 steps of
// killStep values, each a checkpoint.
const (
	killCode  = "0.16"
	killTerms = 1_000_000
	killStep  = 1 << 14
)

// TestOctalPeriodKilled starts the test binary again as a child that
// searches the period of 0.16 with a checkpoint every killStep values,
// slowed down between steps, kills it with SIGKILL once a checkpoint
// exists, resumes from that checkpoint here and checks that the answer is
// that of a search never interrupted, found without computing again the
// values the checkpoint holds.
func TestOctalPeriodKilled(t *testing.T) {
	if path := os.Getenv(killChildEnv); path != "" {
		_, err := OctalPeriodWith(killCode, killTerms, &OctalOptions{
			Checkpoint: path, CheckpointStep: killStep, ProgressStep: killStep,
			Progress: func(int, int) { time.Sleep(200 * time.Millisecond) },
		})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	path := filepath.Join(t.TempDir(), "period.ckpt")
	cmd := exec.Command(os.Args[0], "-test.run=^TestOctalPeriodKilled$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the child wrote no checkpoint in two minutes")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed part way: %v", err)
	}
	c, _ := ParseCode(killCode)
	saved, err := readCheckpoint(path, codeGame(c))
	if err != nil {
		t.Fatalf("the checkpoint left by the kill: %v", err)
	}
	held := saved.len()
	var first int
	got, err := OctalPeriodWith(killCode, killTerms, &OctalOptions{
		Checkpoint: path, CheckpointStep: killStep, ProgressStep: killStep,
		Progress: func(done, _ int) {
			if first == 0 {
				first = done
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want, err := OctalPeriod(killCode, killTerms)
	if err != nil {
		t.Fatal(err)
	}
	if held < killStep || held >= want.Terms {
		t.Fatalf("the checkpoint holds %d values, want %d to %d", held, killStep, want.Terms-1)
	}
	t.Logf("killed with %d of %d values in the checkpoint; resumed at %d", held, want.Terms, first)
	if first <= held {
		t.Errorf("the resumed search computed heap %d again, below the %d values of the checkpoint", first, held)
	}
	if got.Preperiod != want.Preperiod || got.Period != want.Period || got.Bound != want.Bound ||
		got.Terms != want.Terms || got.MaxTake != want.MaxTake || got.MaxHeaps != want.MaxHeaps {
		t.Fatalf("resumed from %d values: %+v; uninterrupted: %+v", held, got, want)
	}
	for n := range int64(want.Terms) {
		a, aerr := got.Form.Value(n)
		b, berr := want.Form.Value(n)
		if a != b || aerr != nil || berr != nil {
			t.Fatalf("resumed from %d values: the form gives g(%d) = %d, the uninterrupted one %d", held, n, a, b)
		}
	}
}
