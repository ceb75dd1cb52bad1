package heap

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/internal/gameerrtest"
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
	// Values one longer than a Sequence holds, stored a byte each. The
	// error comes before any value is read, and fresh memory needs no
	// clearing, so the 256 MiB are reserved but their pages never touched:
	// the test's peak resident memory grew by 15 MB, not 256.
	tooLong := &Values{code: "0.6", v8: make([]uint8, MaxLen+1)}
	gameerrtest.Run(t, []gameerrtest.Case{
		{Call: func() error { _, err := ParseCode("0.8#"); return err }, Func: "heap.ParseCode", Input: "0.8#", Sentinel: ErrCode,
			Msg: `heap.ParseCode "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{Call: func() error { _, err := ParseRule("0.{2"); return err }, Func: "heap.ParseRule", Input: "0.{2", Sentinel: ErrCode,
			Msg: `heap.ParseRule "0.{2": invalid take-and-break code: '{' at byte 2 has no closing '}'`},
		{Call: func() error { _, err := Octal("0.8#", 10); return err }, Func: "heap.Octal", Input: "0.8#", Sentinel: ErrCode,
			Msg: `heap.Octal "0.8#": invalid take-and-break code: '#' at byte 3 is not a digit`},
		{Call: func() error { _, err := Octal("0.07", -1); return err }, Func: "heap.Octal", Input: "0.07", Sentinel: ErrSize,
			Msg: `heap.Octal "0.07": invalid size: heap -1 is negative`},
		{Call: func() error { _, err := Octal("0.07", MaxLen); return err }, Func: "heap.Octal", Input: "0.07", Sentinel: ErrTooLong,
			Msg: `heap.Octal "0.07": sequence too long: heap 268435456 needs more than 268435456 values`},
		{Call: func() error { _, err := Octal("0.{3+}", 100_000); return err }, Func: "heap.Octal", Input: "0.{3+}", Sentinel: ErrTooManyMoves,
			Msg: `heap.Octal "0.{3+}": too many moves: more than 1073741824 moves and word operations up to heap 100000`},
		{Call: func() error { c, _ := ParseCode("0.F"); _, err := TakeBreak(c, -2); return err }, Func: "heap.TakeBreak", Input: "0x0.F", Sentinel: ErrSize,
			Msg: `heap.TakeBreak "0x0.F": invalid size: heap -2 is negative`},
		{Call: func() error { _, err := OctalValues("0x0.F", 10, nil); return err }, Func: "heap.OctalValues", Input: "0x0.F", Sentinel: ErrThreeHeaps,
			Msg: `heap.OctalValues "0x0.F": moves into three heaps are not supported: 0x0.F (TakeBreak computes it)`},
		{Call: func() error { _, err := OctalValues("0.6", MaxValues, nil); return err }, Func: "heap.OctalValues", Input: "0.6", Sentinel: ErrTooLong,
			Msg: `heap.OctalValues "0.6": sequence too long: heap 2147483648, want at most 2147483647`},
		{Call: func() error { _, err := tooLong.Sequence(); return err }, Func: "heap.Values.Sequence", Input: "0.6", Sentinel: ErrTooLong,
			Msg: `heap.Values.Sequence "0.6": sequence too long: 268435457 values, a Sequence holds at most 268435456`},
		{Call: func() error { _, err := OctalValues("0.6", 10, &OctalOptions{Checkpoint: badCheckpoint}); return err },
			Func: "heap.OctalValues", Input: "0.6", Sentinel: ErrCheckpoint,
			Msg: `heap.OctalValues "0.6": bad checkpoint: ` + badCheckpoint + `: header: unexpected EOF`},
		{Call: func() error { _, err := OctalPeriod("0.16", 10_000); return err }, Func: "heap.OctalPeriod", Input: "0.16", Sentinel: ErrNoPeriod,
			Msg: `heap.OctalPeriod "0.16": no period proven within 10000 values (10000 values computed; a proof needs at least 10002)`},
		{Call: func() error { _, err := OctalPeriod("4!.0", 100); return err }, Func: "heap.OctalPeriod", Input: "4!.0", Sentinel: ErrCode,
			Msg: `heap.OctalPeriod "4!.0": invalid take-and-break code: 4!.0 is not a Code (finite, without modifiers, moves into at most three heaps): it has digit d0 = 4!, which constrains the sizes of the heaps; Octal computes its values`},
		{Call: func() error { _, err := OctalPeriodWith("0.07", 0, nil); return err }, Func: "heap.OctalPeriodWith", Input: "0.07", Sentinel: ErrSize,
			Msg: `heap.OctalPeriodWith "0.07": invalid size: 0 terms, want 1 to 268435456`},
		{Call: func() error {
			_, err := OctalPeriodWith("0.F", 100, &OctalOptions{Checkpoint: badCheckpoint})
			return err
		}, Func: "heap.OctalPeriodWith", Input: "0.F", Sentinel: ErrThreeHeaps,
			Msg: `heap.OctalPeriodWith "0.F": moves into three heaps are not supported: 0x0.F cannot be checkpointed, only octal codes are`},
		{Call: func() error { _, err := SubtractionPeriod(squares, 100); return err }, Func: "heap.SubtractionPeriod", Input: "squares", Sentinel: ErrSet,
			Msg: `heap.SubtractionPeriod "squares": invalid subtraction set: the set may be infinite; only sets made by Finite have a provable period (AllBut sets are arithmetic-periodic)`},
		{Call: func() error { _, err := SubtractionPeriod(Set{}, 100); return err }, Func: "heap.SubtractionPeriod", Input: "", Sentinel: ErrSet,
			Msg: `heap.SubtractionPeriod "": invalid subtraction set: zero Set`},
		{Call: func() error { _, err := Subtraction(set, -1); return err }, Func: "heap.Subtraction", Input: "{1,2}", Sentinel: ErrSize,
			Msg: `heap.Subtraction "{1,2}": invalid size: heap -1 is negative`},
		{Call: func() error {
			_, err := Subtraction(Increasing("halves", func(i int) int { return 10 - i }), 20)
			return err
		}, Func: "heap.Subtraction", Input: "halves", Sentinel: ErrSet,
			Msg: `heap.Subtraction "halves": invalid subtraction set: term 2 is 8 after 9, not increasing`},
		{Call: func() error { _, err := Set{}.Members(5); return err }, Func: "heap.Set.Members", Input: "", Sentinel: ErrSet,
			Msg: `heap.Set.Members "": invalid subtraction set: zero Set`},
		{Call: func() error { _, err := Finite(3, 0); return err }, Func: "heap.Finite", Input: "[3 0]", Sentinel: ErrSet,
			Msg: `heap.Finite "[3 0]": invalid subtraction set: amount 0 is not positive`},
		{Call: func() error { _, err := AllBut(-4); return err }, Func: "heap.AllBut", Input: "[-4]", Sentinel: ErrSet,
			Msg: `heap.AllBut "[-4]": invalid subtraction set: amount -4 is not positive`},
		{Call: func() error { _, err := Powers(1); return err }, Func: "heap.Powers", Input: "1", Sentinel: ErrSet,
			Msg: `heap.Powers "1": invalid subtraction set: base 1, want at least 2`},
		{Call: func() error {
			_, err := Compute(3, func(h int, dst []int) []int { return append(dst, h) })
			return err
		}, Func: "heap.Compute", Input: "3", Sentinel: ErrMove,
			Msg: `heap.Compute "3": invalid move: heap 0 has option 0`},
		{Call: func() error { _, err := Compute(3, nil); return err }, Func: "heap.Compute", Input: "3", Sentinel: ErrMove,
			Msg: `heap.Compute "3": invalid move: nil options function`},
		{Call: func() error { _, err := Split(4, nil); return err }, Func: "heap.Split", Input: "4", Sentinel: ErrMove,
			Msg: `heap.Split "4": invalid move: nil options function`},
		{Call: func() error { _, err := Split(-4, nil); return err }, Func: "heap.Split", Input: "-4", Sentinel: ErrSize,
			Msg: `heap.Split "-4": invalid size: heap -4 is negative`},
		{Call: func() error { _, err := ProperDivisor(-1); return err }, Func: "heap.ProperDivisor", Input: "-1", Sentinel: ErrSize,
			Msg: `heap.ProperDivisor "-1": invalid size: heap -1 is negative`},
		{Call: func() error { _, err := Sequence{1, 0}.Sparse(); return err }, Func: "heap.Sequence.Sparse", Input: "2 values", Sentinel: ErrNotHeapValues,
			Msg: `heap.Sequence.Sparse "2 values": not the values of a heap game: g(0) = 1`},
		{Call: func() error { _, err := Sequence{0, 1 << 17}.Sparse(); return err }, Func: "heap.Sequence.Sparse", Input: "2 values", Sentinel: ErrTooLong,
			Msg: `heap.Sequence.Sparse "2 values": sequence too long: largest value 131072 of 2, want below 2147483648, and below the length or 2^16`},
		{Call: func() error { _, err := periodic.Value(-1); return err }, Func: "heap.Periodic.Value", Input: "ultimately periodic, preperiod 0, period 3", Sentinel: ErrRange,
			Msg: `heap.Periodic.Value "ultimately periodic, preperiod 0, period 3": heap outside the form's range: heap -1 is negative`},
		{Call: func() error { _, err := Periodic{Period: 3}.Value(5); return err }, Func: "heap.Periodic.Value", Input: "ultimately periodic, preperiod 0, period 3", Sentinel: ErrRange,
			Msg: `heap.Periodic.Value "ultimately periodic, preperiod 0, period 3": heap outside the form's range: a Periodic not made by package heap has no values`},
		{Call: func() error { _, err := periodic.Histogram(5, 3); return err }, Func: "heap.Periodic.Histogram", Input: "ultimately periodic, preperiod 0, period 3", Sentinel: ErrRange,
			Msg: `heap.Periodic.Histogram "ultimately periodic, preperiod 0, period 3": heap outside the form's range: the range 5..3 ends before it starts`},
		{Call: func() error { _, err := Valuation{Base: 2}.Value(0); return err }, Func: "heap.Valuation.Value", Input: "2-adic valuation of n", Sentinel: ErrRange,
			Msg: `heap.Valuation.Value "2-adic valuation of n": heap outside the form's range: heap 0, want at least 1`},
		{Call: func() error { _, err := Valuation{}.Histogram(1, 9); return err }, Func: "heap.Valuation.Histogram", Input: "0-adic valuation of n", Sentinel: ErrRange,
			Msg: `heap.Valuation.Histogram "0-adic valuation of n": heap outside the form's range: base 0, want at least 2`},
	})
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
