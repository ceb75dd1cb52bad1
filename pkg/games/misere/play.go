package misere

import "fmt"

// Bounds of direct play: the sums whose outcome a player remembers, and
// the options it looks at in all, so that play that cannot settle a
// candidate soon ends with ErrBound.
const (
	maxPlayed = 1 << 20
	maxVisits = 1 << 22
)

// A player finds misère outcomes of sums of heaps by playing them out,
// reading those of sums of heaps up to known off a proven quotient.
type player struct {
	r      *rules
	memo   map[string]bool
	known  *pretension
	visits int
}

// lost reports whether w is lost for the player to move: it has a move and
// every move leads to a sum won for the player to move then.
func (pl *player) lost(w word) (bool, error) {
	if len(w) == 0 {
		return false, nil
	}
	if k := pl.known; k != nil && w[0] < len(k.phi) {
		return k.m.p[elementOf(k.m, k.phi, w)], nil
	}
	key := w.key()
	if v, ok := pl.memo[key]; ok {
		return v, nil
	}
	if len(pl.memo) >= maxPlayed || pl.visits >= maxVisits {
		return false, fmt.Errorf("%w: more than %d sums played out or %d options tried", ErrBound, maxPlayed, maxVisits)
	}
	lost := true
	for i := 0; i < len(w) && lost; i++ {
		if i > 0 && w[i-1] == w[i] {
			continue
		}
		for _, o := range pl.r.options(w[i]) {
			var parts []int
			for _, h := range o {
				if pl.r.live(h) {
					parts = append(parts, h)
				}
			}
			pl.visits++
			l, err := pl.lost(w.minus(i, parts...))
			if err != nil {
				return false, err
			}
			if l {
				lost = false
				break
			}
		}
	}
	pl.memo[key] = lost
	return lost, nil
}
