package heap

import (
	"errors"
	"fmt"
	"io"
	"math/bits"

	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// MaxValues is the most values OctalValues computes: 2^31, two gigabytes
// at one byte a value, four at two.
const MaxValues = 1 << 31

// Values holds the Grundy values g(0), ..., g(Len()-1) of an octal game in
// one byte a value while every value is below 2^8, two while every value is
// below 2^16, and four beyond. It is the form for long computations;
// Sequence, eight bytes a value, is the easy one for short ones.
type Values struct {
	code string // canonical
	// The values, in the first of these that is not nil, from the
	// last: each is used only when the narrower ones cannot hold them.
	v8  []uint8
	v16 []uint16
	v32 []uint32
	max int
}

// Code returns the game's code in canonical form.
func (v *Values) Code() string { return v.code }

// Len returns the number of values, one more than the largest heap.
func (v *Values) Len() int {
	switch {
	case v.v32 != nil:
		return len(v.v32)
	case v.v16 != nil:
		return len(v.v16)
	}
	return len(v.v8)
}

// At returns g(i); it panics if i is not in [0, Len()), like an index.
func (v *Values) At(i int) int {
	switch {
	case v.v32 != nil:
		return int(v.v32[i])
	case v.v16 != nil:
		return int(v.v16[i])
	}
	return int(v.v8[i])
}

// Max returns the largest value.
func (v *Values) Max() int { return v.max }

// BytesPerValue returns 1, 2 or 4, the storage of each value: the least
// that holds the largest.
func (v *Values) BytesPerValue() int {
	switch {
	case v.v32 != nil:
		return 4
	case v.v16 != nil:
		return 2
	}
	return 1
}

// Sequence returns the values as a Sequence, or an error wrapping
// ErrTooLong, naming Values.Sequence and the code, if there are more than
// MaxLen.
func (v *Values) Sequence() (Sequence, error) {
	if v.Len() > MaxLen {
		return nil, gameerr.New("heap.Values.Sequence", v.code, fmt.Errorf("%w: %d values, a Sequence holds at most %d", ErrTooLong, v.Len(), MaxLen))
	}
	s := make(Sequence, v.Len())
	for i := range s {
		s[i] = v.At(i)
	}
	return s, nil
}

// Histogram returns how often each value occurs, like Sequence.Histogram.
func (v *Values) Histogram() []int64 {
	h := make([]int64, v.max+1)
	switch {
	case v.v32 != nil:
		count(h, v.v32)
	case v.v16 != nil:
		count(h, v.v16)
	default:
		count(h, v.v8)
	}
	return h
}

// count adds the occurrences of each value of g to h.
func count[T valueType](h []int64, g []T) {
	for _, x := range g {
		h[x]++
	}
}

// Sparse is the statistics of the sparse space that published tables of
// octal games give (Flammenkamp's, for one): a mask M splits the values
// into rare ones, with an even number of bits in common with M, and common
// ones, with an odd number. The XOR of two common values is rare, which is
// what makes games with few rare heaps fast to compute.
type Sparse struct {
	Largest  int   // the largest value
	Mask     int   // M, the mask that leaves the fewest rare heaps (0 if no mask leaves fewer than all)
	Rare     int64 // the number of heaps n >= 1 with a rare value
	LastRare int   // the largest such heap, 0 if none or if Mask is 0
	// RareValues lists the values that occur on rare heaps, increasing;
	// it is empty when Mask is 0. (Mask 0 leaves every heap rare, and
	// happens only when every g(n), n >= 1, is 0.)
	RareValues []int
}

// Sparse returns the statistics of the sparse space of the values: the
// mask is chosen by a Walsh–Hadamard transform of the value counts (of heaps
// n >= 1), smallest mask first among equals.
func (v *Values) Sparse() Sparse {
	size := 1
	for size <= v.max {
		size *= 2
	}
	h := v.Histogram()
	h[0]-- // heap 0 counts for nothing
	count := make([]int64, size)
	copy(count, h)
	total := int64(v.Len() - 1)
	walshHadamard(count)
	s := Sparse{Largest: v.max, Rare: total}
	for m := 1; m < size; m++ {
		if even := (total + count[m]) / 2; even < s.Rare {
			s.Rare, s.Mask = even, m
		}
	}
	if s.Mask == 0 {
		return s
	}
	rare := func(x int) bool { return bits.OnesCount(uint(x&s.Mask))&1 == 0 }
	for x := v.Len() - 1; x >= 1; x-- {
		if rare(v.At(x)) {
			s.LastRare = x
			break
		}
	}
	for x := range h {
		if h[x] > 0 && rare(x) {
			s.RareValues = append(s.RareValues, x)
		}
	}
	return s
}

// ErrThreeHeaps is wrapped by the errors of OctalValues for codes with
// moves that leave three heaps, which TakeBreak computes.
var ErrThreeHeaps = errors.New("moves into three heaps are not supported")

// OctalOptions configures a long computation; the zero value, or nil,
// computes without progress reports or checkpoints.
type OctalOptions struct {
	// Progress, if not nil, is called with the number of values known and
	// the number asked for, every ProgressStep values and at the end.
	Progress     func(done, total int)
	ProgressStep int // default 1<<20
	// Checkpoint, if not empty, names a file the run is saved to every
	// CheckpointStep values and at the end. If the file exists, the run
	// resumes from the values it holds, after checking that they are of
	// the same game and intact.
	Checkpoint     string
	CheckpointStep int // default 1<<24
	// alone, if true, computes with one goroutine, for the benchmarks and
	// tests that time or check both ways. Otherwise, when GOMAXPROCS
	// allows two and a heap costs enough pairs of rare parts, a second
	// goroutine marks pairs ahead of the main one (see
	// compact_parallel.go); it gains only when a second core is free, and
	// GOMAXPROCS=1 turns it off.
	alone bool
}

// OctalValues computes g(0), ..., g(n) for the octal game of the code
// (moves leave at most two heaps), as ParseCode reads it, in the compact
// form. n may be up to MaxValues-1.
//
// It uses the rare/common split of the sparse-space method with parity
// keys (see compact_engine.go): its cost is about n·(r + w) for r rare
// heaps and w pairs read to witness the values below each mex that two
// common heaps could give. Errors name OctalValues and the code as given.
func OctalValues(code string, n int, opts *OctalOptions) (*Values, error) {
	v, err := octalValues(code, n, opts)
	if err != nil {
		return nil, gameerr.New("heap.OctalValues", code, err)
	}
	return v, nil
}

func octalValues(code string, n int, opts *OctalOptions) (*Values, error) {
	c, err := parseCode(code)
	if err != nil {
		return nil, err
	}
	if !c.IsOctal() {
		return nil, fmt.Errorf("%w: %s (TakeBreak computes it)", ErrThreeHeaps, c)
	}
	if n < 0 {
		return nil, fmt.Errorf("%w: heap %d is negative", ErrSize, n)
	}
	if n >= MaxValues {
		return nil, fmt.Errorf("%w: heap %d, want at most %d", ErrTooLong, n, MaxValues-1)
	}
	if opts == nil {
		opts = &OctalOptions{}
	}
	r, err := startRun(c, opts.Checkpoint)
	if err != nil {
		return nil, err
	}
	total := n + 1
	r.setHelper(!opts.alone)
	r.reserve(total)
	steps := newRunSteps(opts)
	if err := steps.extend(r, total, total); err != nil {
		return nil, err
	}
	if err := steps.save(r); err != nil {
		return nil, err
	}
	if opts.Progress != nil && r.len() > total {
		opts.Progress(total, total) // resumed from a longer run
	}
	return r.values(total), nil
}

// octalRun drives an engine in the narrowest storage that holds the values:
// one byte a value until a value needs two, two until one needs four. Only
// one of e8, e16 and e32 is set; a run resumed from a checkpoint starts in
// the storage the checkpoint has.
type octalRun struct {
	game *pairGame
	e8   *engine[uint8]
	e16  *engine[uint16]
	e32  *engine[uint32]
}

func newOctalRun(c Code) *octalRun { return newRun(codeGame(c)) }

// startRun returns a run of the code, resumed from the checkpoint file if
// one is named and exists; a checkpoint that cannot be read, or is of
// another game, is an error.
func startRun(c Code, checkpoint string) (*octalRun, error) {
	r := newOctalRun(c)
	if checkpoint == "" {
		return r, nil
	}
	saved, err := readCheckpoint(checkpoint, r.game)
	switch {
	case err == nil:
		return saved, nil
	case errors.Is(err, errNoCheckpoint):
		return r, nil
	}
	return nil, err
}

func newRun(p *pairGame) *octalRun {
	return &octalRun{game: p, e8: newEngine[uint8](p)}
}

// setHelper says whether the engine uses a helper goroutine.
func (r *octalRun) setHelper(on bool) {
	switch {
	case r.e32 != nil:
		r.e32.parallel = on
	case r.e16 != nil:
		r.e16.parallel = on
	default:
		r.e8.parallel = on
	}
}

// classes returns the engine's rare/common splits, by class.
func (r *octalRun) classes() [2]*rcClass {
	switch {
	case r.e32 != nil:
		return r.e32.cls
	case r.e16 != nil:
		return r.e16.cls
	}
	return r.e8.cls
}

func (r *octalRun) len() int {
	switch {
	case r.e32 != nil:
		return len(r.e32.g)
	case r.e16 != nil:
		return len(r.e16.g)
	}
	return len(r.e8.g)
}

func (r *octalRun) at(i int) int {
	switch {
	case r.e32 != nil:
		return int(r.e32.g[i])
	case r.e16 != nil:
		return int(r.e16.g[i])
	}
	return int(r.e8.g[i])
}

// reserve makes room for n values. Fresh memory from the operating system
// is only paid for when written, so reserving a long run up front costs
// what it uses and spares the copies of growing.
func (r *octalRun) reserve(n int) {
	switch {
	case r.e32 != nil:
		r.e32.g = grow(r.e32.g, n)
	case r.e16 != nil:
		r.e16.g = grow(r.e16.g, n)
	default:
		r.e8.g = grow(r.e8.g, n)
	}
}

func grow[T valueType](g []T, n int) []T {
	if cap(g) >= n {
		return g
	}
	ng := make([]T, len(g), n)
	copy(ng, g)
	return ng
}

// errWide is returned by extend for a value of 2^32 or more: a heap of x
// tokens has fewer than (t+1)(x+2) options, t the code's MaxTake, so only
// codes with t >= 1 beyond 2^31 heaps, or t >= 15 beyond 2^28, could get
// there, and the marks of that many values would take 16 GB first.
var errWide = fmt.Errorf("%w: a value of 2^32 or more", ErrTooLong)

// extend computes values until n are known, widening the storage at the
// first value that does not fit: the value is computed again in the wider
// storage, never stored cut.
func (r *octalRun) extend(n int) error {
	if r.e8 != nil {
		if runTo(r.e8, n) {
			return nil
		}
		r.e16, r.e8 = widen[uint16](r.e8, n), nil
	}
	if r.e16 != nil {
		if runTo(r.e16, n) {
			return nil
		}
		r.e32, r.e16 = widen[uint32](r.e16, n), nil
	}
	if !runTo(r.e32, n) {
		return fmt.Errorf("%w at heap %d", errWide, len(r.e32.g))
	}
	return nil
}

// widen returns an engine that goes on from the values of e in the wider
// storage T, with room for n values. The narrow values are copied once and
// then dropped: the copy is the peak, one narrow and one wide value a heap.
func widen[T, S valueType](e *engine[S], n int) *engine[T] {
	g := make([]T, len(e.g), max(n, cap(e.g)))
	for i, v := range e.g {
		g[i] = T(v)
	}
	w := resumeEngine(e.pairGame, g)
	w.parallel = e.parallel
	return w
}

// runTo computes values until n are known, or reports false at the first
// that does not fit in T.
func runTo[T valueType](e *engine[T], n int) bool {
	for len(e.g) < n {
		if e.usePipeline(n) {
			return e.pipeline(n)
		}
		// Alone until the values double, then ask again.
		next := min(n, max(2*len(e.g), 4096))
		if cap(e.g) < next {
			e.g = grow(e.g, max(next, 2*len(e.g)))
		}
		for len(e.g) < next {
			if _, ok := e.next(); !ok {
				return false
			}
		}
	}
	return true
}

// values returns the first n values.
func (r *octalRun) values(n int) *Values {
	v := &Values{code: r.game.name}
	switch {
	case r.e32 != nil:
		v.v32 = r.e32.g[:n:n]
		v.max = largest(v.v32)
	case r.e16 != nil:
		v.v16 = r.e16.g[:n:n]
		v.max = largest(v.v16)
	default:
		v.v8 = r.e8.g[:n:n]
		v.max = largest(v.v8)
	}
	return v
}

// largest returns the largest of g, 0 if it is empty.
func largest[T valueType](g []T) int {
	m := T(0)
	for _, x := range g {
		m = max(m, x)
	}
	return int(m)
}

// searchPeriod runs the period search s on the first n values.
func (r *octalRun) searchPeriod(s *periodSearch, n int) (found PeriodProof, need, likely int) {
	switch {
	case r.e32 != nil:
		return searchPeriod(s, r.e32.g[:n])
	case r.e16 != nil:
		return searchPeriod(s, r.e16.g[:n])
	}
	return searchPeriod(s, r.e8.g[:n])
}

// writeValues writes the values in the checkpoint's format, one-byte
// values as two: a checkpoint has two or four bytes a value.
func (r *octalRun) writeValues(w io.Writer) error {
	switch {
	case r.e32 != nil:
		return writeValues(w, r.game.name, r.e32.g)
	case r.e16 != nil:
		return writeValues(w, r.game.name, r.e16.g)
	}
	return writeValues(w, r.game.name, r.e8.g)
}

// pairSequence returns g(0), ..., g(n) of a game whose moves leave at most
// two heaps, by the engine with its helper goroutine when GOMAXPROCS allows.
func pairSequence(p *pairGame, n int) (Sequence, error) {
	r := newRun(p)
	r.setHelper(true)
	r.reserve(n + 1)
	if err := r.extend(n + 1); err != nil {
		return nil, err
	}
	s := make(Sequence, n+1)
	for i := range s {
		s[i] = r.at(i)
	}
	return s, nil
}
