package games

import "strconv"

// An Outcome is the result of a game under perfect play from the point of
// view of the player about to move.
type Outcome int8

const (
	// PreviousWins: the player to move loses (a P-position). It is the zero
	// Outcome.
	PreviousWins Outcome = iota
	// NextWins: the player to move wins (an N-position).
	NextWins
	// Draw: neither player can force a win, so play goes on for ever; of the
	// games with finitely many positions, only those with cycles (loopy
	// games) have draws.
	Draw
)

// String returns "P", "N" or "D", the letters of the literature.
func (o Outcome) String() string {
	switch o {
	case PreviousWins:
		return "P"
	case NextWins:
		return "N"
	case Draw:
		return "D"
	}
	return "Outcome(" + strconv.Itoa(int(o)) + ")"
}
