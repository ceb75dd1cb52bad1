package heap

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// valuesSeq returns the values as a Sequence, failing the test if it cannot.
func valuesSeq(t testing.TB, v *Values) Sequence {
	t.Helper()
	s, err := v.Sequence()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b Sequence) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func TestOctalValuesAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var cases []naiveCase
	for _, c := range parseCodes(t, append(classicCodes, "0.6", ".354", "0.165", "0.454", "4.56", "0.1337")...) {
		if c.IsOctal() {
			cases = append(cases, naiveCase{c, 3000})
		}
	}
	// Deep into games whose split has long settled, with rare heaps of
	// both parities.
	for _, c := range parseCodes(t, "0.16", "0.6", ".354") {
		cases = append(cases, naiveCase{c, 12_000})
	}
	for len(cases) < 300 {
		if c := randomCode(r, false); c.IsOctal() {
			cases = append(cases, naiveCase{c, 800})
		}
	}
	checkAgainstNaive(t, "the rare/common split", cases, func(tc naiveCase) Sequence {
		v, err := OctalValues(tc.code.String(), tc.n, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := valuesSeq(t, v)
		if v.Max() != got.Max() || v.BytesPerValue() != bytesFor(got.Max()) || v.Code() != tc.code.String() {
			t.Fatalf("%s: Max %d BytesPerValue %d Code %s; want %d, %d, %s", tc.code, v.Max(), v.BytesPerValue(), v.Code(), got.Max(), bytesFor(got.Max()), tc.code)
		}
		return got
	})
}

// bytesFor returns the storage a value needs: 1, 2 or 4 bytes.
func bytesFor(v int) int {
	switch {
	case v < 1<<8:
		return 1
	case v < 1<<16:
		return 2
	}
	return 4
}

// TestWiden checks each step of widening: an engine resumed from the first
// values in one byte, then two, then four, goes on as the definition does.
func TestWiden(t *testing.T) {
	for _, code := range []string{"0.6", ".354", "0.16", "4.7", "0.07"} {
		c, _ := ParseCode(code)
		want := naiveTakeBreak(c, 4000)
		e8 := newEngine[uint8](codeGame(c))
		if !runTo(e8, 1000) {
			t.Fatalf("%s: a value beyond one byte below heap 1000", code)
		}
		e16 := widen[uint16](e8, 2000)
		if !runTo(e16, 2000) {
			t.Fatalf("%s: a value beyond two bytes below heap 2000", code)
		}
		e32 := widen[uint32](e16, 4001)
		if !runTo(e32, 4001) || cap(e32.g) < 4001 {
			t.Fatalf("%s: four bytes fail below heap 4001, or %d values have room for %d", code, len(e32.g), cap(e32.g))
		}
		r := &octalRun{game: e32.pairGame, e32: e32}
		got := valuesSeq(t, r.values(4001))
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s: widened twice, g(%d) = %d, want %d", code, i, got[i], want[i])
		}
		if v := r.values(4001); v.BytesPerValue() != 4 {
			t.Fatalf("%s: %d bytes a value after widening", code, v.BytesPerValue())
		}
	}
}

// TestWidthSwitch checks that a value which outgrows one byte stops the
// narrow engine before it is stored, and that the run goes on in two
// bytes: Officers' first value of 256 or more, and the value 256 of the
// subtraction game of every amount from 1 to 300 (g(n) = n mod 301).
func TestWidthSwitch(t *testing.T) {
	var nim strings.Builder
	nim.WriteString("0.")
	for range 300 {
		nim.WriteByte('3')
	}
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.6", 10_500}, {nim.String(), 700}} {
		c, err := ParseCode(tc.code)
		if err != nil {
			t.Fatal(err)
		}
		want := naiveTakeBreak(c, tc.n)
		first := slices.IndexFunc(want, func(v int) bool { return v >= 1<<8 })
		if first < 0 {
			t.Fatalf("%.8s...: no value of 256 or more to heap %d", tc.code, tc.n)
		}
		e := newEngine[uint8](codeGame(c))
		if runTo(e, tc.n+1) || len(e.g) != first {
			t.Fatalf("%.8s...: one byte a value stopped at heap %d, want %d (g = %d)", tc.code, len(e.g), first, want[first])
		}
		if v, ok := e.next(); ok || v != want[first] || len(e.g) != first {
			t.Fatalf("%.8s...: next gives %d, %v with %d values; want %d, false, %d", tc.code, v, ok, len(e.g), want[first], first)
		}
		r := newOctalRun(c)
		if err := r.extend(tc.n + 1); err != nil {
			t.Fatal(err)
		}
		if r.e8 != nil || r.e16 == nil || r.e32 != nil {
			t.Fatalf("%.8s...: after the switch, e8 %v, e16 %v, e32 %v; want two bytes only", tc.code, r.e8 != nil, r.e16 != nil, r.e32 != nil)
		}
		v := r.values(tc.n + 1)
		if i := firstDiff(valuesSeq(t, v), want); i >= 0 || v.BytesPerValue() != 2 {
			t.Fatalf("%.8s...: g(%d) differs after the switch, or %d bytes a value", tc.code, i, v.BytesPerValue())
		}
	}
}

// TestSparseStatistics checks the mask found by the transform against
// every mask tried one by one.
func TestSparseStatistics(t *testing.T) {
	for _, code := range []string{"0.16", "0.6", Kayles, DawsonsKayles, ".354", "0.56"} {
		v, err := OctalValues(code, 20_000, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := v.Sparse()
		g := valuesSeq(t, v)
		size := 1
		for size <= g.Max() {
			size *= 2
		}
		best, bestMask := int64(len(g)-1), 0
		for m := 1; m < size; m++ {
			var rare int64
			for _, x := range g[1:] {
				if bits.OnesCount(uint(x&m))%2 == 0 {
					rare++
				}
			}
			if rare < best {
				best, bestMask = rare, m
			}
		}
		if s.Mask != bestMask || s.Rare != best || s.Largest != g.Max() {
			t.Fatalf("%s: %+v, want mask %d with %d rare heaps, largest %d", code, s, bestMask, best, g.Max())
		}
		last, values := 0, map[int]bool{}
		for x := 1; x < len(g) && bestMask != 0; x++ {
			if bits.OnesCount(uint(g[x]&bestMask))%2 == 0 {
				last = x
				values[g[x]] = true
			}
		}
		if s.LastRare != last || len(s.RareValues) != len(values) {
			t.Fatalf("%s: last rare %d with values %v, want %d and %d values", code, s.LastRare, s.RareValues, last, len(values))
		}
		for _, x := range s.RareValues {
			if !values[x] {
				t.Fatalf("%s: %d listed as a rare value", code, x)
			}
		}
	}
	// 0.16's sparse space, as published (Gangolli and Plambeck): its rare
	// heaps are few and all early.
	v, _ := OctalValues("0.16", 100_000, nil)
	if s := v.Sparse(); s.Rare > 200 || s.LastRare > 20_000 {
		t.Fatalf("0.16: %+v, want a sparse space with few early rare heaps", s)
	}
}

func TestOctalValuesErrors(t *testing.T) {
	var ce *games.Error
	if _, err := OctalValues("0.{2", 10, nil); !errors.As(err, &ce) || ce.Func != "heap.OctalValues" {
		t.Errorf("bad code: %v, want a *games.Error from OctalValues", err)
	}
	if _, err := OctalValues("0x0.8", 10, nil); !errors.Is(err, ErrThreeHeaps) {
		t.Errorf("three heaps: %v, want ErrThreeHeaps", err)
	}
	for _, n := range []int{-1, MaxValues} {
		if _, err := OctalValues("0.07", n, nil); err == nil {
			t.Errorf("n = %d accepted", n)
		}
	}
}

// TestCheckpointResume computes in pieces through a checkpoint file and
// checks the result against a straight run.
func TestCheckpointResume(t *testing.T) {
	for _, code := range []string{"0.6", ".354", "0.16"} {
		want, err := OctalValues(code, 40_000, nil)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "run.ckpt")
		var calls [][2]int
		opts := &OctalOptions{
			Checkpoint: path, CheckpointStep: 4096, ProgressStep: 1000,
			Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) },
		}
		if _, err := OctalValues(code, 15_000, opts); err != nil {
			t.Fatal(err)
		}
		if last := calls[len(calls)-1]; last != [2]int{15_001, 15_001} {
			t.Fatalf("%s: last progress %v, want 15001 of 15001", code, last)
		}
		for i := 1; i < len(calls); i++ {
			if calls[i][0] <= calls[i-1][0] || calls[i][0]-calls[i-1][0] > 1000 {
				t.Fatalf("%s: progress %v after %v", code, calls[i], calls[i-1])
			}
		}
		calls = nil
		got, err := OctalValues(code, 40_000, opts)
		if err != nil {
			t.Fatal(err)
		}
		if calls[0][0] <= 15_001 {
			t.Fatalf("%s: resumed run reports %v first: it did not resume", code, calls[0])
		}
		if i := firstDiff(valuesSeq(t, got), valuesSeq(t, want)); i >= 0 {
			t.Fatalf("%s: resumed run differs at %d", code, i)
		}
		// A shorter run resumes from the longer checkpoint and cuts it.
		short, err := OctalValues(code, 100, opts)
		if err != nil || short.Len() != 101 || short.At(100) != want.At(100) {
			t.Fatalf("%s: short run from a long checkpoint: %v", code, err)
		}
		left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.tmp*"))
		if len(left) > 0 {
			t.Fatalf("temporary files left: %v", left)
		}
	}
}

func TestCheckpointDamaged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.ckpt")
	opts := &OctalOptions{Checkpoint: path}
	if _, err := OctalValues("0.6", 3000, opts); err != nil {
		t.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OctalValues("0.16", 3000, opts); !errors.Is(err, ErrCheckpoint) {
		t.Errorf("another game's checkpoint: %v, want ErrCheckpoint", err)
	}
	for name, damage := range map[string]func([]byte) []byte{
		"flipped value": func(b []byte) []byte { b[len(b)-100] ^= 1; return b },
		"flipped sum":   func(b []byte) []byte { b[len(b)-1] ^= 1; return b },
		"truncated":     func(b []byte) []byte { return b[:len(b)-7] },
		"longer":        func(b []byte) []byte { return append(b, 0) },
		"magic":         func(b []byte) []byte { b[0] = 'X'; return b },
		"version":       func(b []byte) []byte { b[8] = 2; return b },
		"width":         func(b []byte) []byte { b[12] = 3; return b },
		"empty":         func(b []byte) []byte { return nil },
	} {
		if err := os.WriteFile(path, damage(slices.Clone(good)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := OctalValues("0.6", 3000, opts); !errors.Is(err, ErrCheckpoint) {
			t.Errorf("%s: %v, want ErrCheckpoint", name, err)
		}
	}
	// A forged file with a valid sum but a value no heap of ten tokens can
	// have.
	body := slices.Clone(good[:len(good)-sha256.Size])
	off := checkpointHeader + len("0.6") + 2*10
	body[off], body[off+1] = 0xff, 0xff
	sum := sha256.Sum256(body)
	if err := os.WriteFile(path, append(body, sum[:]...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OctalValues("0.6", 3000, opts); !errors.Is(err, ErrCheckpoint) || !strings.Contains(err.Error(), "g(10)") {
		t.Errorf("forged value: %v, want ErrCheckpoint about g(10)", err)
	}
}

// FuzzCheckpoint reads arbitrary files as checkpoints: an error or a run
// that goes on, never a panic or a runaway allocation.
func FuzzCheckpoint(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.ckpt")
	if _, err := OctalValues("0.6", 200, &OctalOptions{Checkpoint: path}); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:40])
	f.Fuzz(func(t *testing.T, b []byte) {
		c, _ := ParseCode("0.6")
		r, err := readValues(bytes.NewReader(b), int64(len(b)), "fuzz.ckpt", codeGame(c))
		if err != nil {
			if !errors.Is(err, ErrCheckpoint) {
				t.Fatalf("error %v does not wrap ErrCheckpoint", err)
			}
			return
		}
		n := r.len()
		if err := r.extend(n + 50); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPipelineAgainstSequential checks the helper goroutine against the
// single-goroutine computation on games with many rare heaps, through
// rebuilds of the split and growth of the values. With -short it runs one
// game, small enough for the race detector.
func TestPipelineAgainstSequential(t *testing.T) {
	codes := []string{"0.6"}
	n := 2*pipelineLag + pipelineMinBatch + 4096
	if !testing.Short() {
		// 0.127 and 0.35 keep one byte a value with the helper; 0.1337
		// outgrows it while the helper runs.
		codes = append(codes, ".354", "0.165", "0.127", "0.35", "0.1337")
		r := rand.New(rand.NewPCG(9, 10))
		for len(codes) < 10 {
			c := randomCode(r, false)
			e := newEngine[uint16](codeGame(c))
			runTo(e, 3000)
			if e.rareWork() >= pipelineMinWork {
				codes = append(codes, c.String())
			}
		}
		n = 3*pipelineLag + 2*pipelineMinBatch
	}
	narrow := 0 // batches of the helper on values in one byte
	for _, code := range codes {
		if b, ok := pipelineMatches[uint8](t, code, n); ok {
			narrow += b
		}
		if _, ok := pipelineMatches[uint16](t, code, n); !ok {
			t.Fatalf("%s: a value beyond two bytes", code)
		}
	}
	if narrow == 0 && !testing.Short() {
		t.Fatal("the helper never ran on values kept in one byte")
	}
	if testing.Short() {
		return
	}
	// And one against the definition, to be sure both are right.
	c, _ := ParseCode("0.6")
	want := naiveTakeBreak(c, 30_000)
	e := newEngine[uint16](codeGame(c))
	e.parallel = true
	runTo(e, len(want))
	if e.batches == 0 || e.spans == 0 {
		t.Fatalf("0.6: the helper was used %d times, %d with a span of common parts", e.batches, e.spans)
	}
	for i, w := range want {
		if int(e.g[i]) != w {
			t.Fatalf("0.6 with a helper: g(%d) = %d, want %d", i, e.g[i], w)
		}
	}
}

// pipelineMatches checks the helper against the single goroutine on the
// game of the code to n values stored in T, and returns the helper's
// batches, or false if a value does not fit in T.
func pipelineMatches[T valueType](t *testing.T, code string, n int) (batches int, ok bool) {
	t.Helper()
	c, _ := ParseCode(code)
	seq, par := newEngine[T](codeGame(c)), newEngine[T](codeGame(c))
	par.parallel = true
	okSeq, okPar := runTo(seq, n), runTo(par, n)
	if okSeq != okPar {
		t.Fatalf("%s: the values fit %v with a helper, %v without", code, okPar, okSeq)
	}
	if !slices.Equal(seq.g, par.g) {
		i := 0
		for i < min(len(seq.g), len(par.g)) && seq.g[i] == par.g[i] {
			i++
		}
		t.Fatalf("%s: %d values with a helper, %d without, differing from heap %d", code, len(par.g), len(seq.g), i)
	}
	if !okSeq {
		return 0, false
	}
	if (par.batches == 0 && code == "0.6") || seq.batches != 0 {
		t.Fatalf("%s: %d batches with a helper, %d without", code, par.batches, seq.batches)
	}
	return par.batches, true
}

// TestOctalValuesHelper checks the run with a helper, the default, against
// the run alone.
func TestOctalValuesHelper(t *testing.T) {
	alone, err := OctalValues("0.6", 30_000, &OctalOptions{alone: true})
	if err != nil {
		t.Fatal(err)
	}
	helped, err := OctalValues("0.6", 30_000, nil)
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDiff(valuesSeq(t, alone), valuesSeq(t, helped)); i >= 0 {
		t.Fatalf("0.6: g(%d) = %d with the helper, %d alone", i, helped.At(i), alone.At(i))
	}
}

// TestDeferredRare checks the engine alone, where dense classes leave the
// pairs of their early rare parts to their scans (see deferRare), against
// the definition, on games where it does so.
func TestDeferredRare(t *testing.T) {
	// Officers' class is dense from about heap 25,000 on, once fewer than
	// one position in 16 is rare.
	for _, tc := range []struct {
		code string
		n    int
	}{{"0.6", 28_000}, {".354", 12_000}, {"0.16", 12_000}} {
		code := tc.code
		c, _ := ParseCode(code)
		want := naiveTakeBreak(c, tc.n)
		e := newEngine[uint16](codeGame(c))
		deferred := false
		for len(e.g) < len(want) {
			for d := range e.cls {
				if e.cls[d] != nil && e.deferRare(d) > 0 {
					deferred = true
				}
			}
			if _, ok := e.next(); !ok {
				t.Fatalf("%s: a value beyond two bytes", code)
			}
		}
		if !deferred {
			t.Fatalf("%s: no rare part was left to the scans", code)
		}
		for i, w := range want {
			if int(e.g[i]) != w {
				t.Fatalf("%s: g(%d) = %d, want %d", code, i, e.g[i], w)
			}
		}
	}
}
