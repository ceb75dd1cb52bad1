package runrecord

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A Param is one parameter a run overrode: Name is the name the
// parameters cell gives it, and Value the value as given.
type Param struct {
	Name, Value string
}

// String returns NAME=VALUE.
func (p Param) String() string { return p.Name + "=" + p.Value }

// Key is the key of the notebook metadata under which a run is recorded
// (a Run), as papermill records its runs under "papermill".
const Key = "grundy"

// A Run records how the outputs of an executed notebook were made. The
// executor (package execute) puts it in the metadata of the notebook it
// returns, under Key, and its cache keeps it with the outputs, so that a
// result from the cache still says when and how it was made. Of reads it
// back.
type Run struct {
	// Implementation and ImplementationVersion name the kernel as its
	// kernel_info_reply does, as "ipykernel" "6.29.5".
	Implementation, ImplementationVersion string
	// Language and LanguageVersion are the kernel's language_info, as
	// "go" "go1.26.0".
	Language, LanguageVersion string
	// GoNB is the version of the GoNB module, as "v0.10.11", for a GoNB
	// kernel, whose kernel_info_reply carries a version of its own
	// dispatcher instead.
	GoNB string
	// Start is when the kernel started, and Duration how long the run
	// took from then until the last cell ended.
	Start    time.Time
	Duration time.Duration
	// Params are the parameters the run overrode, in the order given.
	Params []Param
	// AllowErrors reports that failing cells did not stop the run.
	AllowErrors bool
}

// runJSON is a Run as it is stored: names in the style of Jupyter's
// metadata, the duration in seconds as papermill writes it.
type runJSON struct {
	Implementation        string      `json:"implementation"`
	ImplementationVersion string      `json:"implementation_version,omitempty"`
	Language              string      `json:"language,omitempty"`
	LanguageVersion       string      `json:"language_version,omitempty"`
	GoNB                  string      `json:"gonb_version,omitempty"`
	Start                 time.Time   `json:"start_time"`
	Duration              float64     `json:"duration"`
	Params                []paramJSON `json:"parameters,omitempty"`
	AllowErrors           bool        `json:"allow_errors,omitempty"`
}

type paramJSON struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// MarshalJSON writes the run as it is stored in a notebook's metadata.
func (r Run) MarshalJSON() ([]byte, error) {
	j := runJSON{
		Implementation: r.Implementation, ImplementationVersion: r.ImplementationVersion,
		Language: r.Language, LanguageVersion: r.LanguageVersion, GoNB: r.GoNB,
		Start: r.Start.UTC(), Duration: r.Duration.Seconds(), AllowErrors: r.AllowErrors,
	}
	for _, p := range r.Params {
		j.Params = append(j.Params, paramJSON(p))
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a run written by MarshalJSON. A duration that is
// negative, not finite or beyond time.Duration is an error.
func (r *Run) UnmarshalJSON(data []byte) error {
	var j runJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	d := j.Duration * float64(time.Second)
	if math.IsNaN(d) || d < 0 || d >= math.MaxInt64 {
		return fmt.Errorf("run duration %v: want a number of seconds", j.Duration)
	}
	*r = Run{
		Implementation: j.Implementation, ImplementationVersion: j.ImplementationVersion,
		Language: j.Language, LanguageVersion: j.LanguageVersion, GoNB: j.GoNB,
		Start: j.Start, Duration: time.Duration(d), AllowErrors: j.AllowErrors,
	}
	for _, p := range j.Params {
		r.Params = append(r.Params, Param(p))
	}
	return nil
}

// Of returns the run recorded in an executed notebook's metadata; ok is
// false when there is none (the notebook was not run by the executor, or
// had no code to run) or it cannot be read.
func Of(nb *notebook.Notebook) (run Run, ok bool) {
	raw, found := nb.Metadata[Key]
	if !found {
		return Run{}, false
	}
	if err := json.Unmarshal(raw, &run); err != nil {
		return Run{}, false
	}
	return run, true
}
