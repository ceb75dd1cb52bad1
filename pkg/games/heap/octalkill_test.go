package heap

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// killChildEnv, set, makes the test binary that a kill test starts again
// the run to kill: "period:", "values:" or "resume:" and the checkpoint
// file.
const killChildEnv = "GRUNDY_KILL_CHILD"

// startKilled starts the test binary again with the flags args as a
// child with the environment "kind:path", waits for a checkpoint at path
// of at least least values (judged by its size, two bytes a value), kills
// it with SIGKILL and returns the number of values the checkpoint holds,
// after checking that the child died of the signal.
func startKilled(t testing.TB, args []string, kind, path string, c Code, least int) int {
	t.Helper()
	// The child runs the same sizes as the parent, which -short changes.
	cmd := exec.Command(os.Args[0], append(args, "-test.short="+strconv.FormatBool(testing.Short()))...)
	cmd.Env = append(os.Environ(), killChildEnv+"="+kind+":"+path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if fi, err := os.Stat(path); err == nil && fi.Size() >= 2*int64(least) {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the child wrote no checkpoint of %d values in two minutes", least)
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
	saved, err := readCheckpoint(path, codeGame(c))
	if err != nil {
		t.Fatalf("the checkpoint left by the kill: %v", err)
	}
	return saved.len()
}

// killChild returns the checkpoint path if this process is the child of a
// kill test of the kind.
func killChild(kind string) (string, bool) {
	return strings.CutPrefix(os.Getenv(killChildEnv), kind+":")
}

// slowly is the progress function of a child, which gives the parent time
// to kill it between two checkpoints.
func slowly(int, int) { time.Sleep(200 * time.Millisecond) }

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
	if path, ok := killChild("period"); ok {
		_, err := OctalPeriodWith(killCode, killTerms, &OctalOptions{
			Checkpoint: path, CheckpointStep: killStep, ProgressStep: killStep, Progress: slowly,
		})
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	path := filepath.Join(t.TempDir(), "period.ckpt")
	c, _ := ParseCode(killCode)
	held := startKilled(t, []string{"-test.run=^TestOctalPeriodKilled$"}, "period", path, c, 1)
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

// TestOctalValuesKilled kills, as TestOctalPeriodKilled does, a child
// computing Officers (0.6) to 2^19 (2^17 with -short, which the race
// detector's run uses) with a checkpoint every 2^15 values (2^13),
// resumes from the checkpoint and checks the values against a run never
// interrupted, computed without the values the checkpoint holds.
func TestOctalValuesKilled(t *testing.T) {
	code, n, step := "0.6", 1<<19, 1<<15
	if testing.Short() {
		n, step = 1<<17, 1<<13
	}
	if path, ok := killChild("values"); ok {
		opts := &OctalOptions{Checkpoint: path, CheckpointStep: step, ProgressStep: step, Progress: slowly}
		if _, err := OctalValues(code, n, opts); err != nil {
			t.Fatal(err)
		}
		return
	}
	path := filepath.Join(t.TempDir(), "values.ckpt")
	c, _ := ParseCode(code)
	held := startKilled(t, []string{"-test.run=^TestOctalValuesKilled$"}, "values", path, c, 1)
	var first int
	got, err := OctalValues(code, n, &OctalOptions{
		Checkpoint: path, CheckpointStep: step, ProgressStep: step,
		Progress: func(done, _ int) {
			if first == 0 {
				first = done
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want, err := OctalValues(code, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	if held < step || held > n {
		t.Fatalf("the checkpoint holds %d values, want %d to %d", held, step, n)
	}
	if first <= held {
		t.Errorf("the resumed run computed heap %d again, below the %d values of the checkpoint", first, held)
	}
	for i := range want.Len() {
		if got.At(i) != want.At(i) {
			t.Fatalf("resumed from %d values: g(%d) = %d, uninterrupted %d", held, i, got.At(i), want.At(i))
		}
	}
}

// BenchmarkResume runs Officers (0.6) to 2^23 in a child that writes a
// checkpoint every 2^20 values, kills it with SIGKILL once a checkpoint
// holds half the values, and times the run resumed from that checkpoint
// against a fresh one, both to 2^23, after checking that they give the
// same values (issue 25):
//
//	go test -run '^$' -bench 'Resume' -benchtime 1x ./pkg/games/heap
func BenchmarkResume(b *testing.B) {
	const code, n, step = "0.6", 1 << 23, 1 << 20
	if path, ok := killChild("resume"); ok {
		if _, err := OctalValues(code, n, &OctalOptions{Checkpoint: path, CheckpointStep: step}); err != nil {
			b.Fatal(err)
		}
		return
	}
	c, _ := ParseCode(code)
	args := []string{"-test.run=^$", "-test.bench=^BenchmarkResume$", "-test.benchtime=1x"}
	for b.Loop() {
		path := filepath.Join(b.TempDir(), "resume.ckpt")
		held := startKilled(b, args, "resume", path, c, n/2)
		start := time.Now()
		got, err := OctalValues(code, n, &OctalOptions{Checkpoint: path, CheckpointStep: step})
		if err != nil {
			b.Fatal(err)
		}
		resumed := time.Since(start)
		start = time.Now()
		want, err := OctalValues(code, n, nil)
		if err != nil {
			b.Fatal(err)
		}
		fresh := time.Since(start)
		for i := range want.Len() {
			if got.At(i) != want.At(i) {
				b.Fatalf("resumed from %d values: g(%d) = %d, fresh %d", held, i, got.At(i), want.At(i))
			}
		}
		b.ReportMetric(float64(held), "values-held")
		b.ReportMetric(resumed.Seconds(), "resumed-s")
		b.ReportMetric(fresh.Seconds(), "fresh-s")
	}
}
