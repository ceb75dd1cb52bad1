package runrecord

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

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
		nb.Metadata[Key] = json.RawMessage(bad)
		if r, ok := Of(nb); ok {
			t.Errorf("Of(%s) = %+v, want none", bad, r)
		}
	}
}

// FuzzOf reads any metadata as a run record: no panic, and a record it
// reads writes back to one that reads the same.
func FuzzOf(f *testing.F) {
	f.Add(`{"implementation":"gonb","start_time":"2026-03-04T05:06:07.008Z","duration":1.5,"parameters":[{"name":"N","value":"1"}]}`)
	f.Add(`{"duration":9223372036.854775807}`)
	f.Add(`{"duration":-0}`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, data string) {
		nb := notebook.New()
		nb.Metadata[Key] = json.RawMessage(data)
		run, ok := Of(nb)
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
