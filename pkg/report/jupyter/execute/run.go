package execute

import (
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
)

// recordRun puts the record of a run that started at start in nb's
// metadata, from what the kernel said of itself.
func (e *Executor) recordRun(nb *notebook.Notebook, kern Kernel, info kernel.KernelInfo, start time.Time) {
	r := runrecord.Run{
		Implementation: info.Implementation, ImplementationVersion: info.ImplementationVersion,
		Language: info.LanguageInfo.Name, LanguageVersion: info.LanguageInfo.Version,
		Start: start.Round(time.Millisecond), Duration: time.Since(start).Round(time.Millisecond),
		Params: dedupe(e.Params), AllowErrors: e.AllowErrors,
	}
	if t, ok := kern.(*gonb.Tools); ok {
		r.GoNB = t.Version
	}
	// Marshalling strings, numbers and a time cannot fail.
	_ = nb.Metadata.Set(runrecord.Key, r)
}
