package heap

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// ErrNoPeriod is wrapped by the errors of OctalPeriod when no period can be
// proven from the number of values it was allowed to compute.
var ErrNoPeriod = errors.New("no period proven")

// A PeriodProof is the ultimate period of a take-and-break game, proven by
// the periodicity theorem of the package documentation ("Proofs of
// periodicity"): g(n+Period) = g(n) for every n >= Preperiod, all the way
// to infinity.
type PeriodProof struct {
	// Period is the smallest period and Preperiod the smallest preperiod
	// that goes with it: the first heap from which g(n) = g(n+Period)
	// holds for every larger heap.
	Preperiod, Period int
	// MaxTake and MaxHeaps are the code's t, the most tokens a move
	// removes, and k, the most heaps a move leaves (at least 1 here).
	MaxTake, MaxHeaps int
	// Bound is where the theorem lets the check stop: g(n+Period) = g(n)
	// was verified for Preperiod <= n < Bound, which reads Bound+Period
	// values. With e = Preperiod, p = Period and t = MaxTake, Bound is
	// e+p+t when no move splits a heap (k = 1), 2E+p+t when moves leave
	// two heaps and 3E+2p+t when they leave three, where E = max(e, 1),
	// except that E = 0 when e = 0 and every digit that allows a split
	// into two or three heaps also allows one heap fewer.
	Bound int
	// Terms is the number of values computed, g(0), ..., g(Terms-1).
	Terms int
	// Form is the closed form of the whole sequence, valid for every heap.
	Form Periodic
}

func (p PeriodProof) String() string {
	return fmt.Sprintf("preperiod %d, period %d (proven from %d values)", p.Preperiod, p.Period, p.Terms)
}

// OctalPeriod proves the ultimate period of the take-and-break game of the
// code (octal or hexadecimal, as ParseCode reads it) from at most maxTerms
// values g(0), ..., g(maxTerms-1), or returns an error wrapping ErrNoPeriod.
// It never guesses: a period is reported only when the values computed
// meet the hypothesis of the periodicity theorem, which the package
// documentation states and proves ("Proofs of periodicity"). When the
// preperiod is 0 and a move into two heaps must split, that theorem asks two
// values more than the form of Guy and Smith's theorem often quoted, 2e+p+t,
// which is false there (0.4: take a token and split the rest in two); for
// moves into three heaps its bound is 3E+2p+t.
//
// OctalPeriod computes values in growing batches and, after each, looks
// for the smallest period whose apparent preperiod e satisfies the theorem
// with the values at hand. More values can only move an apparent preperiod
// up, so the least number of values any candidate still needs tells how
// far to compute next, and when it exceeds maxTerms the search stops early.
// The first period proven is the smallest, with the smallest preperiod
// (the package documentation says why).
//
// Octal codes are computed as OctalValues computes them, two bytes a value
// while the values fit, and the closed form keeps the values computed
// (all that were reserved for them, until it is dropped) rather than a
// copy of its head: the proof for .354 (period 1180 from heap
// 10,061,916, as notebooks/octal-table.tsv records it) reads 20.1 million
// values, 40 MB at two bytes each, and a copy of the head would add half
// as much again at the peak.
//
// Errors name OctalPeriod and the code as given.
func OctalPeriod(code string, maxTerms int) (PeriodProof, error) {
	p, err := octalPeriod(code, maxTerms, nil)
	if err != nil {
		return PeriodProof{}, gameerr.New("heap.OctalPeriod", code, err)
	}
	return p, nil
}

// OctalPeriodWith is OctalPeriod with the options of OctalValues: progress
// reports (done is the number of values known, total maxTerms), a
// checkpoint file of the values to resume a long search from, and the
// switch to one goroutine. The checkpoint is written every CheckpointStep
// values and when the search ends; a search resumed from it, after a crash
// or a kill, reads the values it holds in place of computing them and
// looks for a period after the same batches as a search that was never
// interrupted, so it gives the same answer, Terms included. Checkpoints
// are for octal codes: with a hexadecimal code the error wraps
// ErrThreeHeaps. Errors name OctalPeriodWith and the code as given.
func OctalPeriodWith(code string, maxTerms int, opts *OctalOptions) (PeriodProof, error) {
	p, err := octalPeriod(code, maxTerms, opts)
	if err != nil {
		return PeriodProof{}, gameerr.New("heap.OctalPeriodWith", code, err)
	}
	return p, nil
}

func octalPeriod(code string, maxTerms int, opts *OctalOptions) (PeriodProof, error) {
	c, err := parseCode(code)
	if err != nil {
		return PeriodProof{}, err
	}
	if err := checkTerms(maxTerms); err != nil {
		return PeriodProof{}, err
	}
	if opts == nil {
		opts = &OctalOptions{}
	}
	if opts.Checkpoint != "" && !c.IsOctal() {
		return PeriodProof{}, fmt.Errorf("%w: %s cannot be checkpointed, only octal codes are", ErrThreeHeaps, c)
	}
	s := periodSearch{t: c.MaxTake(), k: max(c.MaxHeaps(), 1), leastE: 1}
	if c.fewerHeapsAllowed() {
		s.leastE = 0
	}
	var r *octalRun
	var tb *takeBreak
	if c.IsOctal() {
		if r, err = startRun(c, opts.Checkpoint); err != nil {
			return PeriodProof{}, err
		}
		r.setHelper(!opts.alone)
		// A long search reserves its values up to a limit at once, which
		// costs the pages it writes and no copies; beyond, they double.
		r.reserve(min(maxTerms, reserveLimit))
	} else {
		tb = newTakeBreak(c)
	}
	steps := newRunSteps(opts)
	n := min(maxTerms, firstBatch)
	for {
		var found PeriodProof
		var need, likely int
		switch {
		case tb != nil:
			tb.extend(n)
			if opts.Progress != nil {
				opts.Progress(n, maxTerms)
			}
			found, need, likely = searchPeriod(&s, tb.g)
		default:
			if err := steps.extend(r, n, maxTerms); err != nil {
				return PeriodProof{}, err
			}
			// A run resumed from a longer checkpoint knows more values than
			// this batch: the search reads the batch's, as it would have.
			found, need, likely = r.searchPeriod(&s, n)
		}
		if found.Period > 0 || need > maxTerms || n == maxTerms {
			if err := steps.save(r); err != nil {
				return PeriodProof{}, err
			}
		}
		if found.Period > 0 {
			found.Terms = n
			if tb != nil {
				found.Form = newPeriodic(tb.g, found.Preperiod, found.Period)
			} else {
				found.Form = r.periodic(found.Preperiod, found.Period)
			}
			return found, nil
		}
		if need > maxTerms || n == maxTerms {
			return PeriodProof{}, fmt.Errorf("%w within %d values (%d values computed; a proof needs at least %d)",
				ErrNoPeriod, maxTerms, n, need)
		}
		// Grow by an eighth, or straight to the values the least demanding
		// candidate needs, if that is further; stop at the values a period
		// that already repeats at length would need.
		next := max(n+max(n/8, firstBatch), need)
		if likely > n {
			next = min(next, likely)
		}
		n = min(next, maxTerms)
	}
}

// runSteps extends an octalRun in the steps of OctalOptions, reporting
// progress and writing checkpoints on the way.
type runSteps struct {
	opts                         *OctalOptions
	progressStep, checkpointStep int
	saved                        int // the values of the last checkpoint written
}

func newRunSteps(opts *OctalOptions) *runSteps {
	s := &runSteps{opts: opts, progressStep: opts.ProgressStep, checkpointStep: opts.CheckpointStep}
	if s.progressStep <= 0 {
		s.progressStep = 1 << 20
	}
	if s.checkpointStep <= 0 {
		s.checkpointStep = 1 << 24
	}
	return s
}

// extend computes values until n are known, reporting them out of total.
func (s *runSteps) extend(r *octalRun, n, total int) error {
	for r.len() < n {
		next := min(n, (r.len()/s.progressStep+1)*s.progressStep)
		if s.opts.Checkpoint != "" {
			next = min(next, (r.len()/s.checkpointStep+1)*s.checkpointStep)
		}
		if err := r.extend(next); err != nil {
			return err
		}
		if s.opts.Progress != nil {
			s.opts.Progress(r.len(), total)
		}
		if s.opts.Checkpoint != "" && r.len()%s.checkpointStep == 0 {
			if err := s.save(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// save writes the checkpoint, if there is one and it lacks values.
func (s *runSteps) save(r *octalRun) error {
	if s.opts.Checkpoint == "" || r == nil || r.len() == s.saved {
		return nil
	}
	if err := writeCheckpoint(s.opts.Checkpoint, r); err != nil {
		return err
	}
	s.saved = r.len()
	return nil
}

// reserveLimit is the most values OctalPeriod reserves at once.
const reserveLimit = 1 << 27

// periodic returns the closed form of the values with the given preperiod
// and period, two bytes a value while they fit. Its head shares the
// values' storage: when moves split a heap, the head is about half the
// values a proof computes, so a copy would raise the peak memory by half.
func (r *octalRun) periodic(preperiod, period int) Periodic {
	return Periodic{Preperiod: preperiod, Period: period, compact: r.values(preperiod + period)}
}

// firstBatch is how many values OctalPeriod computes before its first
// search, and the least it adds between two searches.
const firstBatch = 64

// longRun is the length from which a repetition at the end of the values
// counts as a likely period even if it is shorter than the period.
const longRun = 1024

// periodSearch looks for a proven period in the computed values of a game
// with the given t and k.
type periodSearch struct {
	t, k int
	// leastE is the least E of the theorem's bound: 1, or 0 when every
	// digit that allows a split into k >= 2 heaps allows k-1 heaps too.
	leastE int
	// runs holds the periods seen to repeat for more than a period at the
	// end of the values, with their apparent preperiods: a multiple of such
	// a period repeats at least as far, which its check need not read again.
	runs []run
}

type run struct{ period, preperiod int }

// bound returns the heap below which the theorem asks g(n+p) = g(n) to be
// checked, for apparent preperiod e and period p. It grows with e and p,
// which the search relies on.
func (s *periodSearch) bound(e, p int) int {
	if s.k == 1 {
		return e + p + s.t
	}
	return s.k*max(e, s.leastE) + (s.k-1)*p + s.t
}

// searchPeriod returns the smallest period proven by the values g, with its
// smallest preperiod. Otherwise it returns a zero PeriodProof, a lower
// bound on the number of values any proof needs, and the number of values
// that would prove the likely periods, those that already repeat for a
// period or longRun values (0 if none does).
func searchPeriod[T ~int | valueType](s *periodSearch, g []T) (found PeriodProof, need, likely int) {
	n := len(g)
	s.runs = s.runs[:0]
	for p := 1; ; p++ {
		// With preperiod 0 the check reads g up to bound(0, p) + p - 1,
		// and this grows with p.
		if least := s.bound(0, p) + p; least > n {
			if need == 0 || least < need {
				need = least
			}
			return PeriodProof{}, need, likely
		}
		if g[n-1-p] != g[n-1] {
			// Most candidates fail at the last value: their apparent
			// preperiod is n-p, as preperiodOf would find.
			if b := s.bound(n-p, p) + p; need == 0 || b < need {
				need = b
			}
			continue
		}
		e, repeats := preperiodOf(s, g, p)
		b := s.bound(e, p)
		if b+p <= n {
			return PeriodProof{Preperiod: e, Period: p, MaxTake: s.t, MaxHeaps: s.k, Bound: b}, 0, 0
		}
		if need == 0 || b+p < need {
			need = b + p
		}
		if repeats && (likely == 0 || b+p < likely) {
			likely = b + p
		}
	}
}

// preperiodOf returns the smallest e with g(m+p) = g(m) for all e <= m <
// len(g)-p, reading only what the recorded runs leave open, and whether
// that repetition is long enough to make p a likely period.
func preperiodOf[T ~int | valueType](s *periodSearch, g []T, p int) (int, bool) {
	e := len(g) - p
	for _, r := range s.runs {
		if p%r.period == 0 {
			e = min(e, r.preperiod)
		}
	}
	for e > 0 && g[e-1] == g[e-1+p] {
		e--
	}
	repeats := len(g)-p-e >= min(p, longRun)
	if repeats && !s.reaches(p, e) {
		s.runs = append(s.runs, run{period: p, preperiod: e})
	}
	return e, repeats
}

// reaches reports whether a recorded run whose period divides p starts at
// or before e, so that recording p would save nothing. (A short run of a
// small period must not stand in for a long run of its multiple.)
func (s *periodSearch) reaches(p, e int) bool {
	for _, r := range s.runs {
		if p%r.period == 0 && r.preperiod <= e {
			return true
		}
	}
	return false
}
