package heap

// Witnesses found by scans are worth remembering. On Grundy's game the
// first pair of a value lies thousands of pairs into a heap's splits, while
// the pair of the same value three heaps earlier, its larger part kept and
// its smaller part three tokens longer, has that value again more than half
// the time: the values of Grundy's game are close to a pattern of period 3
// in the smaller part. So before a scan, the larger parts of the witnesses
// of the last hintLags heaps are tried for the heap at hand, each checked:
// a hint found wrong costs two reads and a mispredicted branch or two, and
// one found right saves the scan. Where scans find their witnesses in a
// few pairs, as on .354 (about 140 smaller parts a heap, measured once to
// 2^20), the hints save nothing and cost their reads: they are tried only
// while the scans of the last scanWindow heaps of the class reached, on
// average, hintMinScan smaller parts, and only while at least one hint in
// hintHold holds. Officers' scans go as far as Grundy's game's (about
// 2,700 and 2,900 smaller parts a heap from 2^18 to 2^20), but its hints
// hold less often (26% of them, against 39% on Grundy's game, with three
// lags), and cost it 4% of its time where they gained Grundy's game 2%
// (each game computed twice in one process, by turns, with and without
// them, to 2^20). While they are off, one window in hintProbe tries them,
// to see whether they have come to hold.

// hintLags is how many earlier heaps' witnesses a heap tries, and
// hintValues bounds the values remembered.
const (
	hintLags    = 3
	hintValues  = 1 << 16
	hintMinScan = 1024
	hintHold    = 3
	hintProbe   = 8
)

// witnessHints holds, for each class of splitting amounts, heap modulo
// hintLags and value, the larger part of the last witness found (0 for
// none).
type witnessHints struct {
	parts [2][hintLags][]uint32
	on    [2]bool // by class, whether hints are tried
	// tries and holds count, by class, the hints tried in the window and
	// those that held; keep says whether the last window that tried any
	// found them worth it, and windows counts the windows ended.
	tries, holds [2]int
	keep         [2]bool
	windows      int
}

// decide is called at the end of each window with how far the scans of
// its heaps went on average, by class, and chooses whether the hints are
// tried in the next.
func (w *witnessHints) decide(mean [2]int) {
	w.windows++
	probe := w.windows%hintProbe == 1
	for d := range mean {
		if w.tries[d] > 0 {
			w.keep[d] = hintHold*w.holds[d] >= w.tries[d]
		}
		w.tries[d], w.holds[d] = 0, 0
		w.on[d] = mean[d] >= hintMinScan && (w.keep[d] || probe)
	}
}

// scanWindow is how many heaps a scanReach averages over.
const scanWindow = 4096

// scanReach follows how far the scans of each class go, on average over
// windows of scanWindow heaps: the hints and the rare parts left to the
// scans (see deferRare) are chosen from it.
type scanReach struct {
	sum   [2]int64
	heaps int
	mean  [2]int // over the last full window, 0 before the first
}

// add records how far the scans of a heap went, by class, and reports
// whether it ended a window.
func (r *scanReach) add(pos [2]int) bool {
	for d := range pos {
		r.sum[d] += int64(min(pos[d], commonLimit))
	}
	if r.heaps++; r.heaps < scanWindow {
		return false
	}
	for d := range pos {
		r.mean[d] = int(r.sum[d] / scanWindow)
		r.sum[d] = 0
	}
	r.heaps = 0
	return true
}

// remember records b as the larger part of a pair of value v in a split
// of heap n of class d.
func (w *witnessHints) remember(d, n, v, b int) {
	if v >= hintValues {
		return
	}
	row := &w.parts[d][n%hintLags]
	if len(*row) <= v {
		*row = append(*row, make([]uint32, v+1-len(*row))...)
	}
	(*row)[v] = uint32(b)
}

// hinted reports whether a remembered witness, kept in its larger part,
// gives value v to a split of class d of heap n; it is remembered for n.
func (e *engine[T]) hinted(d, n, v int) bool {
	if !e.hints.on[d] {
		return false
	}
	e.hints.tries[d]++
	g := e.g
	for k := 1; k <= hintLags && k <= n; k++ {
		row := e.hints.parts[d][(n-k)%hintLags]
		if v >= len(row) || row[v] == 0 {
			continue
		}
		b := int(row[v])
		for i, j := range e.split[d] {
			a := n - j - b
			if a >= 1 && a <= e.half(d, i, n-j) && int(g[a]^g[b]) == v {
				e.hints.holds[d]++
				e.hints.remember(d, n, v, b)
				return true
			}
		}
	}
	return false
}
