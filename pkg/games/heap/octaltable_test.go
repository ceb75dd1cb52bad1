package heap

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestOctalTable computes the table of every octal game 0.abc that
// notebooks/octal-table.ipynb reads from notebooks/octal-table.tsv: set
// GRUNDY_TABLE to the file to write (it takes minutes).
//
// Each game gets growing limits of 2^14, 2^16, 2^18 and 2^20 values,
// stopping early after a run that took more than 20 s, or more than 0.5 s
// and eight times the one before: with a sparse space four times the
// values cost about four times the time, without one sixteen times. The
// games the published table (T. Czajka's) reports solved go on to 2^25
// values whatever the time. Sparse
// statistics cover the heaps up to the values computed, but never beyond
// heap 2^16 - 1, even when the proof went further; the SHA-256 of
// g(0..16384) identifies the sequence.
func TestOctalTable(t *testing.T) {
	path := os.Getenv("GRUNDY_TABLE")
	if path == "" {
		t.Skip("set GRUNDY_TABLE=notebooks/octal-table.tsv to compute the table (minutes)")
	}
	claimed := map[string]bool{}
	for _, c := range strings.Fields("0.45 0.156 0.356 0.644 0.165 0.16 0.56 0.127 0.376 0.354") {
		claimed[c] = true
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "code\tstatus\tpreperiod\tperiod\tvalues\tlargest\tmask\trare\tlast_rare\tstats_to\tsha256_16384")
	rows := 0
	for d := 1; d < 8*8*8; d++ {
		code := strings.TrimRight(fmt.Sprintf("0.%03o", d), "0")
		// Trailing zeros trimmed: 0.160 is the game 0.16, listed once.
		small, err := OctalValues(code, 1<<14, nil)
		if err != nil {
			t.Fatal(err)
		}
		var b []byte
		for i := range small.Len() {
			b = append(b, byte(small.At(i)), byte(small.At(i)>>8))
		}
		sum := sha256.Sum256(b)
		var p PeriodProof
		err = ErrNoPeriod
		n := 0
		var last time.Duration
		for _, limit := range []int{1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 25} {
			if limit == 1<<25 && !claimed[code] {
				break
			}
			start := time.Now()
			p, err = OctalPeriod(code, limit)
			n = limit
			took := time.Since(start)
			// Four times the values cost four times the time with a sparse
			// space and sixteen without one: stop at a quadratic step.
			quadratic := took > 500*time.Millisecond && took > 8*last
			if err == nil || (!claimed[code] && (quadratic || took > 20*time.Second)) {
				break
			}
			last = took
		}
		status, e, per := "unsolved", "", ""
		if err == nil {
			status, e, per, n = "proven", fmt.Sprint(p.Preperiod), fmt.Sprint(p.Period), p.Terms
		}
		v, err := OctalValues(code, min(n, 1<<16)-1, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := v.Sparse()
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%x\n", code, status, e, per, n, s.Largest, s.Mask, s.Rare, s.LastRare, v.Len()-1, sum[:8])
		rows++
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if rows != 511 {
		t.Fatalf("%d games, want 511", rows)
	}
}
