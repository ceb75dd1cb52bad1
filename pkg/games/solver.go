package games

import (
	"errors"
	"fmt"
)

// ErrCycle is wrapped by the errors a Solver returns when a position can be
// reached from itself: such a game is not finite and has no Grundy values.
var ErrCycle = errors.New("game graph has a cycle")

// ErrLimit is wrapped by the errors a Solver returns when evaluating a
// position would need more positions than the solver's limit allows.
var ErrLimit = errors.New("position limit exceeded")

// DefaultLimit is the number of positions a Solver created with limit 0 may
// hold. It keeps a runaway game from exhausting memory.
const DefaultLimit = 10_000_000

// Solver computes Grundy values of the positions of one finite impartial game,
// remembering every value it has found. It is not safe for concurrent use.
type Solver[P comparable] struct {
	moves func(P) []P
	limit int
	value map[P]int
	err   error // a bad argument of NewSolver, returned by every Grundy call
}

// ErrSolver is wrapped by the errors of a Solver made with arguments that
// describe no game: a nil move function or a negative limit.
var ErrSolver = errors.New("invalid solver")

// NewSolver returns a Solver for the game whose options from a position p are
// moves(p). The solver stores at most limit positions; limit 0 means
// DefaultLimit. A nil moves or a negative limit gives a solver whose every
// Grundy call returns an error wrapping ErrSolver.
func NewSolver[P comparable](moves func(P) []P, limit int) *Solver[P] {
	s := &Solver[P]{moves: moves, limit: limit, value: make(map[P]int)}
	switch {
	case moves == nil:
		s.err = fmt.Errorf("%w: nil move function", ErrSolver)
	case limit < 0:
		s.err = fmt.Errorf("%w: position limit %d is negative", ErrSolver, limit)
	case limit == 0:
		s.limit = DefaultLimit
	}
	return s
}

// Grundy returns the Grundy value of game started at start, with options
// moves(p) from each position p. It is NewSolver(moves, limit).Grundy(start),
// its errors naming Grundy.
func Grundy[P comparable](start P, moves func(P) []P, limit int) (int, error) {
	g, err := NewSolver(moves, limit).grundy(start)
	if err != nil {
		return 0, &Error{Func: "games.Grundy", Input: fmt.Sprint(start), Err: err}
	}
	return g, nil
}

// Len returns the number of positions whose value the solver knows.
func (s *Solver[P]) Len() int { return len(s.value) }

// frame is a position under evaluation: its options and how many of them
// have been looked at.
type frame[P comparable] struct {
	pos  P
	opts []P
	next int
}

// Grundy returns the Grundy value of p. The error wraps ErrCycle if the game
// graph reachable from p has a cycle and ErrLimit if it has more positions
// than the solver may store; values found before the error stay known. It
// wraps ErrSolver if the solver was made with a nil move function or a
// negative limit. Errors name Solver.Grundy and p, as fmt.Sprint writes it.
func (s *Solver[P]) Grundy(p P) (int, error) {
	g, err := s.grundy(p)
	if err != nil {
		return 0, &Error{Func: "games.Solver.Grundy", Input: fmt.Sprint(p), Err: err}
	}
	return g, nil
}

func (s *Solver[P]) grundy(p P) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	if g, ok := s.value[p]; ok {
		return g, nil
	}
	// An explicit stack instead of recursion: a game such as a long heap can be
	// millions of moves deep.
	onStack := map[P]bool{p: true}
	stack := []frame[P]{{pos: p, opts: s.moves(p)}}
	var mex Mexer
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		descended := false
		for top.next < len(top.opts) {
			q := top.opts[top.next]
			if _, ok := s.value[q]; ok {
				top.next++
				continue
			}
			if onStack[q] {
				return 0, fmt.Errorf("%w: position %v is reached from itself", ErrCycle, q)
			}
			if len(s.value)+len(stack) >= s.limit {
				return 0, s.errLimit()
			}
			onStack[q] = true
			stack = append(stack, frame[P]{pos: q, opts: s.moves(q)})
			descended = true
			break
		}
		if descended {
			continue
		}
		if len(s.value) >= s.limit {
			return 0, s.errLimit()
		}
		mex.Reset()
		for _, q := range top.opts {
			mex.Add(s.value[q])
		}
		s.value[top.pos] = mex.Mex()
		delete(onStack, top.pos)
		stack = stack[:len(stack)-1]
	}
	return s.value[p], nil
}

func (s *Solver[P]) errLimit() error {
	return fmt.Errorf("%w: more than %d positions", ErrLimit, s.limit)
}
