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
		if v.Max() != got.Max() || v.BytesPerValue() != 2 || v.Code() != tc.code.String() {
			t.Fatalf("%s: Max %d BytesPerValue %d Code %s; want %d, 2, %s", tc.code, v.Max(), v.BytesPerValue(), v.Code(), got.Max(), tc.code)
		}
		return got
	})
}

// TestResumeWider checks the step from two bytes a value to four: an
// engine resumed from the first values in four bytes goes on as the
// straight run does.
func TestResumeWider(t *testing.T) {
	for _, code := range []string{"0.6", ".354", "0.16", "4.7", "0.07"} {
		c, _ := ParseCode(code)
		want := naiveTakeBreak(c, 4000)
		r := newOctalRun(c)
		if err := r.extend(1500); err != nil {
			t.Fatal(err)
		}
		g := make([]uint32, 1500)
		for i := range g {
			g[i] = uint32(r.e16.g[i])
		}
		r.e32, r.e16 = resumeEngine(codeGame(c), g), nil
		if err := r.extend(4001); err != nil {
			t.Fatal(err)
		}
		got := valuesSeq(t, r.values(4001))
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s: resumed wide, g(%d) = %d, want %d", code, i, got[i], want[i])
		}
		if v := r.values(4001); v.BytesPerValue() != 4 {
			t.Fatalf("%s: %d bytes a value after widening", code, v.BytesPerValue())
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
	var ce *CodeError
	if _, err := OctalValues("0.{2", 10, nil); !errors.As(err, &ce) || ce.Func != "OctalValues" {
		t.Errorf("bad code: %v, want a *CodeError from OctalValues", err)
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
		r, err := readValues(bytes.NewReader(b), int64(len(b)), codeGame(c))
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
		codes = append(codes, ".354", "0.165")
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
	for _, code := range codes {
		c, _ := ParseCode(code)
		seq, par := newEngine[uint16](codeGame(c)), newEngine[uint16](codeGame(c))
		par.parallel = true
		if !runTo(seq, n) || !runTo(par, n) {
			t.Fatalf("%s: a value beyond two bytes", code)
		}
		if (par.batches == 0 && code == "0.6") || seq.batches != 0 {
			t.Fatalf("%s: %d batches with a helper, %d without", code, par.batches, seq.batches)
		}
		if !slices.Equal(seq.g, par.g) {
			i := 0
			for seq.g[i] == par.g[i] {
				i++
			}
			t.Fatalf("%s: g(%d) = %d with a helper, %d without", code, i, par.g[i], seq.g[i])
		}
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

// TestOctalValuesHelper checks the run with a helper, the default, against
// the run alone.
func TestOctalValuesHelper(t *testing.T) {
	alone, err := OctalValues("0.6", 30_000, &OctalOptions{Alone: true})
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
