package heap

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
)

// TestErrors checks, for every exported function that can fail, that a bad
// input gives a *games.Error naming the function and the input, wrapping
// the documented sentinel, with the message strconv's errors have.
func TestErrors(t *testing.T) {
	squares := Squares()
	set, _ := Finite(1, 2)
	badCheckpoint := filepath.Join(t.TempDir(), "bad.ckpt")
	if err := os.WriteFile(badCheckpoint, []byte("not a checkpoint"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := PeriodProof{}
	if proof, err := SubtractionPeriod(set, 100); err == nil {
		p = proof
	} else {
		t.Fatal(err)
	}
	periodic := p.Form
	for _, tc := range []struct {
		call     func() error
		fn       string
		input    string
		sentinel error
		msg      string
	}{
		{func() error { _, err := ParseCode("0.8#"); return err }, "heap.ParseCode", "0.8#", ErrCode,
			`heap.ParseCode "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{func() error { _, err := ParseRule("0.{2"); return err }, "heap.ParseRule", "0.{2", ErrCode,
			`heap.ParseRule "0.{2": invalid take-and-break code: '{' at byte 2 has no closing '}'`},
		{func() error { _, err := Octal("0.8#", 10); return err }, "heap.Octal", "0.8#", ErrCode,
			`heap.Octal "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{func() error { _, err := Octal("0.07", -1); return err }, "heap.Octal", "0.07", ErrSize,
			`heap.Octal "0.07": invalid size: heap -1 is negative`},
		{func() error { _, err := Octal("0.07", MaxLen); return err }, "heap.Octal", "0.07", ErrTooLong,
			`heap.Octal "0.07": sequence too long: heap 268435456 needs more than 268435456 values`},
		{func() error { _, err := Octal("0.{3+}", 100_000); return err }, "heap.Octal", "0.{3+}", ErrTooManyMoves,
			`heap.Octal "0.{3+}": too many moves: more than 1073741824 moves and word operations up to heap 100000`},
		{func() error { c, _ := ParseCode("0.F"); _, err := TakeBreak(c, -2); return err }, "heap.TakeBreak", "0x0.F", ErrSize,
			`heap.TakeBreak "0x0.F": invalid size: heap -2 is negative`},
		{func() error { _, err := OctalValues("0x0.F", 10, nil); return err }, "heap.OctalValues", "0x0.F", ErrThreeHeaps,
			`heap.OctalValues "0x0.F": moves into three heaps are not supported: 0x0.F (TakeBreak computes it)`},
		{func() error { _, err := OctalValues("0.6", MaxValues, nil); return err }, "heap.OctalValues", "0.6", ErrTooLong,
			`heap.OctalValues "0.6": sequence too long: heap 2147483648, want at most 2147483647`},
		{func() error { _, err := OctalValues("0.6", 10, &OctalOptions{Checkpoint: badCheckpoint}); return err },
			"heap.OctalValues", "0.6", ErrCheckpoint,
			`heap.OctalValues "0.6": bad checkpoint: ` + badCheckpoint + `: header: unexpected EOF`},
		{func() error { _, err := OctalPeriod("0.16", 10_000); return err }, "heap.OctalPeriod", "0.16", ErrNoPeriod,
			`heap.OctalPeriod "0.16": no period proven within 10000 values (10000 values computed; a proof needs at least 10002)`},
		{func() error { _, err := OctalPeriod("4!.0", 100); return err }, "heap.OctalPeriod", "4!.0", ErrCode,
			`heap.OctalPeriod "4!.0": invalid take-and-break code: 4!.0 is not a Code (finite, without modifiers, moves into at most three heaps): it has digit d0 = 4!, which constrains the sizes of the heaps; Octal computes its values`},
		{func() error { _, err := OctalPeriodWith("0.07", 0, nil); return err }, "heap.OctalPeriodWith", "0.07", ErrSize,
			`heap.OctalPeriodWith "0.07": invalid size: 0 terms, want 1 to 268435456`},
		{func() error {
			_, err := OctalPeriodWith("0.F", 100, &OctalOptions{Checkpoint: badCheckpoint})
			return err
		}, "heap.OctalPeriodWith", "0.F", ErrThreeHeaps,
			`heap.OctalPeriodWith "0.F": moves into three heaps are not supported: 0x0.F cannot be checkpointed, only octal codes are`},
		{func() error { _, err := SubtractionPeriod(squares, 100); return err }, "heap.SubtractionPeriod", "squares", ErrSet,
			`heap.SubtractionPeriod "squares": invalid subtraction set: the set may be infinite; only sets made by Finite have a provable period (AllBut sets are arithmetic-periodic)`},
		{func() error { _, err := SubtractionPeriod(Set{}, 100); return err }, "heap.SubtractionPeriod", "", ErrSet,
			`heap.SubtractionPeriod "": invalid subtraction set: zero Set`},
		{func() error { _, err := Subtraction(set, -1); return err }, "heap.Subtraction", "{1,2}", ErrSize,
			`heap.Subtraction "{1,2}": invalid size: heap -1 is negative`},
		{func() error {
			_, err := Subtraction(Increasing("halves", func(i int) int { return 10 - i }), 20)
			return err
		}, "heap.Subtraction", "halves", ErrSet,
			`heap.Subtraction "halves": invalid subtraction set: term 2 is 8 after 9, not increasing`},
		{func() error { _, err := Set{}.Members(5); return err }, "heap.Set.Members", "", ErrSet,
			`heap.Set.Members "": invalid subtraction set: zero Set`},
		{func() error { _, err := Finite(3, 0); return err }, "heap.Finite", "[3 0]", ErrSet,
			`heap.Finite "[3 0]": invalid subtraction set: amount 0 is not positive`},
		{func() error { _, err := AllBut(-4); return err }, "heap.AllBut", "[-4]", ErrSet,
			`heap.AllBut "[-4]": invalid subtraction set: amount -4 is not positive`},
		{func() error { _, err := Powers(1); return err }, "heap.Powers", "1", ErrSet,
			`heap.Powers "1": invalid subtraction set: base 1, want at least 2`},
		{func() error {
			_, err := Compute(3, func(h int, dst []int) []int { return append(dst, h) })
			return err
		}, "heap.Compute", "3", ErrMove,
			`heap.Compute "3": invalid move: heap 0 has option 0`},
		{func() error { _, err := Compute(3, nil); return err }, "heap.Compute", "3", ErrMove,
			`heap.Compute "3": invalid move: nil options function`},
		{func() error { _, err := Split(4, nil); return err }, "heap.Split", "4", ErrMove,
			`heap.Split "4": invalid move: nil options function`},
		{func() error { _, err := Split(-4, nil); return err }, "heap.Split", "-4", ErrSize,
			`heap.Split "-4": invalid size: heap -4 is negative`},
		{func() error { _, err := ProperDivisor(-1); return err }, "heap.ProperDivisor", "-1", ErrSize,
			`heap.ProperDivisor "-1": invalid size: heap -1 is negative`},
		{func() error { _, err := Sequence{1, 0}.Sparse(); return err }, "heap.Sequence.Sparse", "2 values", ErrNotHeapValues,
			`heap.Sequence.Sparse "2 values": not the values of a heap game: g(0) = 1`},
		{func() error { _, err := Sequence{0, 1 << 17}.Sparse(); return err }, "heap.Sequence.Sparse", "2 values", ErrTooLong,
			`heap.Sequence.Sparse "2 values": sequence too long: largest value 131072 of 2, want below 2147483648, and below the length or 2^16`},
		{func() error { _, err := periodic.Value(-1); return err }, "heap.Periodic.Value", "-1", ErrRange,
			`heap.Periodic.Value "-1": heap outside the form's range: heap -1 is negative`},
		{func() error { _, err := Periodic{Period: 3}.Value(5); return err }, "heap.Periodic.Value", "5", ErrRange,
			`heap.Periodic.Value "5": heap outside the form's range: a Periodic not made by package heap has no values`},
		{func() error { _, err := periodic.Histogram(5, 3); return err }, "heap.Periodic.Histogram", "5..3", ErrRange,
			`heap.Periodic.Histogram "5..3": heap outside the form's range: the range 5..3 ends before it starts`},
		{func() error { _, err := Valuation{Base: 2}.Value(0); return err }, "heap.Valuation.Value", "0", ErrRange,
			`heap.Valuation.Value "0": heap outside the form's range: heap 0, want at least 1`},
		{func() error { _, err := Valuation{}.Histogram(1, 9); return err }, "heap.Valuation.Histogram", "1..9", ErrRange,
			`heap.Valuation.Histogram "1..9": heap outside the form's range: base 0, want at least 2`},
	} {
		err := tc.call()
		var e *games.Error
		switch {
		case !errors.As(err, &e):
			t.Errorf("%s(%q): %v, want a *games.Error", tc.fn, tc.input, err)
		case e.Func != tc.fn || e.Input != tc.input:
			t.Errorf("%s(%q): Func %q, Input %q", tc.fn, tc.input, e.Func, e.Input)
		case !errors.Is(err, tc.sentinel):
			t.Errorf("%s(%q): %v does not wrap %v", tc.fn, tc.input, err, tc.sentinel)
		case err.Error() != tc.msg:
			t.Errorf("%s(%q):\n got %s\nwant %s", tc.fn, tc.input, err, tc.msg)
		}
	}
}

// TestCheckpointFileErrors checks that a checkpoint that cannot be written
// wraps both ErrCheckpoint and the file system's error.
func TestCheckpointFileErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "run.ckpt")
	_, err := OctalValues("0.6", 100, &OctalOptions{Checkpoint: path})
	var e *games.Error
	if !errors.As(err, &e) || e.Func != "heap.OctalValues" || !errors.Is(err, ErrCheckpoint) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("checkpoint in a missing folder: %v, want a *games.Error wrapping ErrCheckpoint and fs.ErrNotExist", err)
	}
}
