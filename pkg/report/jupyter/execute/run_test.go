package execute

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestRunRecord checks that an executed notebook records its run (the
// kernel as its kernel_info_reply names it, when, how long, the
// parameters), that a result from the cache keeps the record of the run
// that made it, and that a record the notebook brought along is dropped.
func TestRunRecord(t *testing.T) {
	f := newFakeRuns(t)
	f.x.AllowErrors = true
	nb := newNotebook(code("print a"), code("sleep 20ms"))
	forged := Run{Implementation: "forged", Start: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if err := nb.Metadata.Set(RunKey, forged); err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	got, _ := f.execute(nb)
	after := time.Now()
	run, ok := RunOf(got)
	if !ok {
		t.Fatalf("no run recorded: %s", got.Metadata[RunKey])
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
	if cached, ok := RunOf(again); !ok || !reflect.DeepEqual(cached, run) {
		t.Errorf("cached run %+v, want the run that made it %+v", cached, run)
	}

	words := newNotebook(markdown("no code"))
	words.Metadata.Set(RunKey, forged)
	got, _ = f.execute(words)
	if _, ok := RunOf(got); ok {
		t.Errorf("a notebook with nothing to run kept the record it brought: %s", got.Metadata[RunKey])
	}
}

func TestRunJSON(t *testing.T) {
	run := Run{
		Implementation: "gonb", ImplementationVersion: "0.1.0", Language: "go", LanguageVersion: "go1.26.0", GoNB: "v0.10.11",
		Start: time.Date(2026, 3, 4, 5, 6, 7, 8e6, time.UTC), Duration: 1500 * time.Millisecond,
		Params: []Param{{"N", "1000"}, {"Title", `"a \"b\""`}}, AllowErrors: true,
	}
	data, err := json.Marshal(run)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"implementation":"gonb","implementation_version":"0.1.0","language":"go","language_version":"go1.26.0",` +
		`"gonb_version":"v0.10.11","start_time":"2026-03-04T05:06:07.008Z","duration":1.5,` +
		`"parameters":[{"name":"N","value":"1000"},{"name":"Title","value":"\"a \\\"b\\\"\""}],"allow_errors":true}`
	if string(data) != want {
		t.Errorf("stored as\n%s\nwant\n%s", data, want)
	}
	var back Run
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, run) {
		t.Errorf("read back %+v, want %+v", back, run)
	}
	for _, bad := range []string{`{"duration":-1}`, `{"duration":1e300}`, `{"duration":"1s"}`, `{"start_time":"yesterday"}`, `[]`} {
		nb := notebook.New()
		nb.Metadata[RunKey] = json.RawMessage(bad)
		if r, ok := RunOf(nb); ok {
			t.Errorf("RunOf(%s) = %+v, want none", bad, r)
		}
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

// FuzzRunOf reads any metadata as a run record: no panic, and a record it
// reads writes back to one that reads the same.
func FuzzRunOf(f *testing.F) {
	f.Add(`{"implementation":"gonb","start_time":"2026-03-04T05:06:07.008Z","duration":1.5,"parameters":[{"name":"N","value":"1"}]}`)
	f.Add(`{"duration":9223372036.854775807}`)
	f.Add(`{"duration":-0}`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, data string) {
		nb := notebook.New()
		nb.Metadata[RunKey] = json.RawMessage(data)
		run, ok := RunOf(nb)
		if !ok {
			return
		}
		if run.Duration < 0 {
			t.Fatalf("negative duration %v from %s", run.Duration, data)
		}
		again, err := json.Marshal(run)
		if err != nil {
			t.Fatal(err)
		}
		var back Run
		if err := json.Unmarshal(again, &back); err != nil {
			t.Fatalf("%s does not read back: %v", again, err)
		}
		if back.Implementation != run.Implementation || len(back.Params) != len(run.Params) || !back.Start.Equal(run.Start.UTC()) {
			t.Errorf("%s read back as %+v, want %+v", again, back, run)
		}
	})
}
