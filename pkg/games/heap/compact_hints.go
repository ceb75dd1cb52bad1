package heap

// Witnesses found by scans are worth remembering. On Grundy's game the
// first pair of a value lies thousands of pairs into a heap's splits, while
// the pair of the same value three heaps earlier, its larger part kept and
// its smaller part three tokens longer, has that value again more than half
// the time: the values of Grundy's game are close to a pattern of period 3
// in the smaller part. So before a scan, the larger parts of the witnesses
// of the last hintLags heaps are tried for the heap at hand, each checked:
// a hint found wrong costs two reads, and one found right saves the scan.

// hintLags is how many earlier heaps' witnesses a heap tries, and
// hintValues bounds the values remembered.
const (
	hintLags   = 6
	hintValues = 1 << 16
)

// witnessHints holds, for each class of splitting amounts, heap modulo
// hintLags and value, the larger part of the last witness found (0 for
// none).
type witnessHints struct {
	parts [2][hintLags][]uint32
}

// remember records b as the larger part of a pair of value v in a split
// of heap n of class d.
func (w *witnessHints) remember(d, n, v, b int) {
	if v >= hintValues {
		return
	}
	row := &w.parts[d][n%hintLags]
	if len(*row) <= v {
		*row = append(*row, make([]uint32, hintValues-len(*row))[:v+1-len(*row)]...)
	}
	(*row)[v] = uint32(b)
}

// hinted reports whether a remembered witness, kept in its larger part,
// gives value v to a split of class d of heap n; it is remembered for n.
func (e *engine[T]) hinted(d, n, v int) bool {
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
				e.hints.remember(d, n, v, b)
				return true
			}
		}
	}
	return false
}
