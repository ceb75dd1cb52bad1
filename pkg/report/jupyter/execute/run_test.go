package execute

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
)

// TestRunRecord checks that an executed notebook records its run (the
// kernel as its kernel_info_reply names it, when, how long, the
// parameters), that a result from the cache keeps the record of the run
// that made it, and that a record the notebook brought along is dropped.
func TestRunRecord(t *testing.T) {
	f := newFakeRuns(t)
	f.x.AllowErrors = true
	nb := newNotebook(code("print a"), code("sleep 20ms"))
	forged := runrecord.Run{Implementation: "forged", Start: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := nb.Metadata.Set(runrecord.Key, forged); err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	got, _ := f.execute(nb)
	after := time.Now()
	run, ok := runrecord.Of(got)
	if !ok {
		t.Fatalf("no run recorded: %s", got.Metadata[runrecord.Key])
	}
	if run.Implementation != "kerneltest" || run.ImplementationVersion != "1" || run.Language != "kerneltest" || run.GoNB != "" || !run.AllowErrors {
		t.Errorf("run %+v, want the fake kernel's kernel_info_reply and AllowErrors", run)
	}
	if run.Start.Before(before.Add(-time.Millisecond)) || run.Start.After(after) {
		t.Errorf("run started %v, not between %v and %v", run.Start, before, after)
	}
	if run.Duration < 20*time.Millisecond || run.Duration > after.Sub(before)+time.Millisecond {
		t.Errorf("run took %v, want at least the cell's 20ms and at most %v", run.Duration, after.Sub(before))
	}

	again, _ := f.execute(nb)
	if n := f.starts.Load(); n != 1 {
		t.Fatalf("%d kernels started, want the second result from the cache", n)
	}
	if cached, ok := runrecord.Of(again); !ok || !reflect.DeepEqual(cached, run) {
		t.Errorf("cached run %+v, want the run that made it %+v", cached, run)
	}

	words := newNotebook(markdown("no code"))
	words.Metadata.Set(runrecord.Key, forged)
	got, _ = f.execute(words)
	if _, ok := runrecord.Of(got); ok {
		t.Errorf("a notebook with nothing to run kept the record it brought: %s", got.Metadata[runrecord.Key])
	}
}

// TestForget checks that an Executor that lives on, as render -serve
// keeps one, sees an imported package edited once it forgets.
func TestForget(t *testing.T) {
	root := module(t)
	f := newFakeRuns(t)
	f.path = filepath.Join(root, "notebooks", "nb.ipynb")
	nb, err := notebook.ReadFile(f.path)
	if err != nil {
		t.Fatal(err)
	}
	f.execute(nb)
	if err := os.WriteFile(filepath.Join(root, "b", "b.go"), []byte("package b\n\nfunc B() int { return 21 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, n := f.execute(nb); n != 0 {
		t.Fatalf("ran %d times before Forget; the digests are remembered for the Executor's life", n)
	}
	f.x.Forget()
	if _, n := f.execute(nb); n != 1 {
		t.Errorf("ran %d times after Forget and an edit of an imported package, want 1", n)
	}
}
