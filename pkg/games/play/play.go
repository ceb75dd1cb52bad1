package play

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// Convention is the rule that decides who wins when no move is left.
type Convention int8

const (
	// Normal play: the player who cannot move loses.
	Normal Convention = iota
	// Misere play: the player who cannot move wins.
	Misere
)

// String returns "normal" or "misère", or "Convention(7)" for a value
// that is neither.
func (c Convention) String() string {
	switch c {
	case Normal:
		return "normal"
	case Misere:
		return "misère"
	}
	return "Convention(" + strconv.Itoa(int(c)) + ")"
}

// ErrPosition is wrapped by the errors for a position a game cannot hold:
// a negative heap, a row of coins too long or with heads beyond its end.
var ErrPosition = errors.New("invalid position")

// ErrGame is wrapped by the errors of a Game made without a move function,
// with a convention other than Normal and Misere or a negative limit.
var ErrGame = errors.New("invalid game")

// A Game is a finite impartial game played under a convention, with the
// values of its positions remembered as they are found. It is not safe for
// concurrent use.
type Game[P comparable] struct {
	moves      func(P) []P
	convention Convention
	solver     *games.Solver[node[P]]
	// value, when set, gives a position's value without a search: the
	// Sprague–Grundy theorem applied to a game known to be a sum.
	value func(P) (int, error)
}

// node is a position of the game the solver plays. In misère play a
// position without moves gets one option, the end, which has none: its
// normal-play value is then 1, and every other value is the mex of its
// options', which is g⁻.
type node[P comparable] struct {
	pos P
	end bool
}

// String writes the node as its position, for the solver's errors.
func (n node[P]) String() string {
	if n.end {
		return "the end of the game"
	}
	return fmt.Sprint(n.pos)
}

// New returns the game whose options from p are moves(p), played under the
// convention c. The solver stores at most limit positions; 0 means
// games.DefaultLimit. A nil moves, a negative limit or an unknown
// convention is an error wrapping ErrGame.
func New[P comparable](moves func(P) []P, c Convention, limit int) (*Game[P], error) {
	g, err := newGame(moves, c, limit)
	if err != nil {
		return nil, gameerr.New("play.New", settings(c, limit), err)
	}
	return g, nil
}

func newGame[P comparable](moves func(P) []P, c Convention, limit int) (*Game[P], error) {
	switch {
	case moves == nil:
		return nil, fmt.Errorf("%w: nil move function", ErrGame)
	case c != Normal && c != Misere:
		return nil, fmt.Errorf("%w: convention %d, want Normal or Misere", ErrGame, c)
	case limit < 0:
		return nil, fmt.Errorf("%w: position limit %d is negative", ErrGame, limit)
	}
	g := &Game[P]{moves: moves, convention: c}
	g.solver = games.NewSolver(g.nodeMoves, limit)
	return g, nil
}

// settings is the Input of New's errors: the convention and the limit.
func settings(c Convention, limit int) string {
	return c.String() + ", limit " + strconv.Itoa(limit)
}

// position is the Input of a method's errors: the position, cut short.
func position[P comparable](p P) string { return gameerr.Clip(fmt.Sprint(p)) }

func (g *Game[P]) nodeMoves(n node[P]) []node[P] {
	if n.end {
		return nil
	}
	opts := g.moves(n.pos)
	if len(opts) == 0 && g.convention == Misere {
		return []node[P]{{end: true}}
	}
	out := make([]node[P], len(opts))
	for i, o := range opts {
		out[i] = node[P]{pos: o}
	}
	return out
}

// Convention returns the game's convention.
func (g *Game[P]) Convention() Convention { return g.convention }

// Moves returns the options of p, in the order of the move function.
func (g *Game[P]) Moves(p P) []P { return g.moves(p) }

// Value returns the value of p: its Grundy value in normal play, its misère
// Grundy value g⁻ in misère play (see the package documentation). The
// player to move wins exactly when it is not 0.
func (g *Game[P]) Value(p P) (int, error) {
	v, err := g.valueOf(p)
	if err != nil {
		return 0, gameerr.New("play.Game.Value", position(p), err)
	}
	return v, nil
}

func (g *Game[P]) valueOf(p P) (int, error) {
	if g.value != nil {
		return g.value(p)
	}
	return g.solver.Grundy(node[P]{pos: p})
}

// Wins reports whether the player to move from p wins with perfect play.
func (g *Game[P]) Wins(p P) (bool, error) {
	v, err := g.valueOf(p)
	if err != nil {
		return false, gameerr.New("play.Game.Wins", position(p), err)
	}
	return v != 0, nil
}

// An Option is a move from a position: the position it leads to, that
// position's value, and whether moving there wins (the value is 0, so the
// opponent, to move there, loses).
type Option[P comparable] struct {
	To      P
	Value   int
	Winning bool
}

// Options returns the options of p with their values, in the order of the
// move function.
func (g *Game[P]) Options(p P) ([]Option[P], error) {
	out, err := g.options(p)
	if err != nil {
		return nil, gameerr.New("play.Game.Options", position(p), err)
	}
	return out, nil
}

func (g *Game[P]) options(p P) ([]Option[P], error) {
	moves := g.moves(p)
	out := make([]Option[P], len(moves))
	for i, m := range moves {
		v, err := g.valueOf(m)
		if err != nil {
			return nil, err
		}
		out[i] = Option[P]{To: m, Value: v, Winning: v == 0}
	}
	return out, nil
}

// Reply returns the perfect player's move from p: the first winning option
// if there is one, else the first option (every move loses against perfect
// play, so the reply waits for the opponent's mistake). ok is false when p
// has no options: the game is over.
func (g *Game[P]) Reply(p P) (to P, ok bool, err error) {
	opts, err := g.options(p)
	if err != nil {
		return to, false, gameerr.New("play.Game.Reply", position(p), err)
	}
	if len(opts) == 0 {
		return to, false, nil
	}
	for _, o := range opts {
		if o.Winning {
			return o.To, true, nil
		}
	}
	return opts[0].To, true, nil
}

// IsOption reports whether to is an option of p: a legal move.
func (g *Game[P]) IsOption(p, to P) bool {
	for _, m := range g.moves(p) {
		if m == to {
			return true
		}
	}
	return false
}
