package report

import (
	"slices"

	"github.com/grundylab/grundy/pkg/report/authoring"
)

// Join makes the targets of the other pages of a project (a site's
// notebooks) known to the view, as the page named page: the writers then
// resolve a reference to a label another page defines as a link to it
// (see authoring.Project), and the view's Warnings and summary are those
// of the notebook read with them, a reference that resolves now no longer
// warned of. Join is called once all the project's pages are recorded,
// before the view is written; a nil project leaves the view as NewView
// made it.
func (v *View) Join(p *authoring.Project, page string) {
	if p == nil {
		return
	}
	v.Index.Join(p, page)
	for _, w := range v.unresolved {
		if i := slices.Index(v.Warnings, w); i >= 0 {
			v.Warnings = slices.Delete(v.Warnings, i, i+1)
		}
	}
	v.unresolved = v.unresolved[:0]
	for _, w := range v.Index.Check() {
		nw := Warning{Cell: w.Cell, Msg: w.Msg}
		v.Warnings = append(v.Warnings, nw)
		v.unresolved = append(v.unresolved, nw)
	}
	v.Meta.Summary = summaryText(v.summary.markdown, v.summary.fromText, v.Index)
}
