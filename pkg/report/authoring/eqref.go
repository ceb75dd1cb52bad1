package authoring

import (
	"html"

	"github.com/yuin/goldmark/util"
)

// anchorLabels gives a formula an anchor for each label of its TeX that
// names an equation of the index and has none yet on the page, a row's
// \label in an align or an equation's in an environment, so that the
// links \eqref and \ref make, in text or inside math, lead to it; the
// formula's own label is its id.
func (e *Refs) anchorLabels(n *Formula) {
	if e.anchored == nil {
		e.anchored = map[string]bool{}
	}
	if n.id != "" {
		e.anchored[n.id] = true
	}
	for _, m := range texLabels.FindAllStringSubmatch(n.TeX, maxAnchors) {
		label := m[1]
		t, ok := e.Index.Target(label)
		if !ok || t.Counter != CounterEquation || e.anchored[label] || !ValidLabel(label) {
			continue
		}
		e.anchored[label] = true
		n.anchors = append(n.anchors, label)
	}
}

// maxAnchors bounds the labels of one formula given anchors.
const maxAnchors = 1000

// writeAnchors writes a formula's anchors, empty elements with the
// labels of its rows as ids.
func writeAnchors(w util.BufWriter, n *Formula) {
	for _, label := range n.anchors {
		w.WriteString(`<span class="equation-anchor" id="` + html.EscapeString(label) + `"></span>`)
	}
}
