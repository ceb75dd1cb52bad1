package euler

import (
	"sync"

	"github.com/grundylab/grundy/pkg/games/heap"
)

// paperStripTerms bounds the values computed to prove the period of
// Dawson's Kayles; the proof needs 176.
const paperStripTerms = 10_000

// paperStripPeriod proves the period of Dawson's Kayles once per process.
var paperStripPeriod = sync.OnceValues(func() (heap.PeriodProof, error) {
	return heap.OctalPeriod(heap.DawsonsKayles, paperStripTerms)
})

// PaperStrip returns how many strip lengths 1 <= k <= n are first-player
// wins in the paper-strip game, where a move paints two adjacent white
// squares of a strip black and the player who cannot move loses (Project
// Euler 306). n may be as large as an int64 allows.
//
// Painting two squares of a strip leaves the white squares on either side:
// the game is the take-and-break game 0.07, Dawson's Kayles, on a heap of k
// tokens, and k is a win exactly when its Grundy value is not zero.
// heap.OctalPeriod proves that the values are periodic with period 34 from
// k = 53 on, so the count over any range comes from one period in
// constant time.
func PaperStrip(n int64) (int64, error) {
	if n < 0 {
		return 0, fail("PaperStrip", negative(n), n)
	}
	p, err := paperStripPeriod()
	if err != nil {
		return 0, fail("PaperStrip", err, n)
	}
	hist, err := p.Form.Histogram(1, n)
	if err != nil {
		return 0, fail("PaperStrip", err, n)
	}
	var losing int64 // lengths of value 0; hist is empty for n = 0
	if len(hist) > 0 {
		losing = hist[0]
	}
	return n - losing, nil
}
