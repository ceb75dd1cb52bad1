package heap

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"os"
	"strconv"
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
		sum := sum16(small, small.Len()-1)
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
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", code, status, e, per, n, s.Largest, s.Mask, s.Rare, s.LastRare, v.Len()-1, sum)
		rows++
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if rows != 511 {
		t.Fatalf("%d games, want 511", rows)
	}
}

// The files next to the notebook, from this package's folder.
const (
	tableFile  = "../../../notebooks/octal-table.tsv"
	solvedFile = "../../../notebooks/octal-solved.tsv"
)

// solvedHeader heads notebooks/octal-solved.tsv.
const solvedHeader = "code\tpreperiod\tperiod\tlast\tlargest\tlargest_at\tmask\trare\tlast_rare\tsha256_last"

// sum16 returns the first 64 bits of the SHA-256 of g(0..last), two bytes
// a value, little-endian (values above 65535 do not occur in the table),
// in hex, as the notebook's sum does.
func sum16(v *Values, last int) string {
	b := make([]byte, 0, 2*(last+1))
	for i := 0; i <= last; i++ {
		b = append(b, byte(v.At(i)), byte(v.At(i)>>8))
	}
	s := sha256.Sum256(b)
	return fmt.Sprintf("%x", s[:8])
}

// solvedLine computes the line of notebooks/octal-solved.tsv for the game
// code with preperiod e and period p: the statistics of g(0..e+p-1), which
// every later heap repeats, the first heap with the largest value, and the
// SHA-256 of those values.
func solvedLine(code string, e, p int) (string, error) {
	last := e + p - 1
	v, err := OctalValues(code, last, nil)
	if err != nil {
		return "", err
	}
	at := 0
	for i := 1; i <= last; i++ {
		if v.At(i) > v.At(at) {
			at = i
		}
	}
	s := v.Sparse()
	return fmt.Sprintf("%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s", code, e, p, last, s.Largest, at, s.Mask, s.Rare, s.LastRare, sum16(v, last)), nil
}

// readTSV returns the lines of a file of tab-separated columns, the header
// first, each split into its columns.
func readTSV(t *testing.T, path string) [][]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for line := range strings.Lines(string(data)) {
		rows = append(rows, strings.Split(strings.TrimSuffix(line, "\n"), "\t"))
	}
	return rows
}

// TestOctalTableFiles recomputes, independently of the notebook that reads
// them, the figures of the files next to notebooks/octal-table.ipynb that
// the notebook checks only in part, to keep its render short: the SHA-256
// of g(0..16384) of every game of octal-table.tsv, and every line of
// octal-solved.tsv, the statistics of the games T. Czajka's table lists as
// solved but not trivial, over one preperiod and period (up to heap
// 10,063,095 for 0.354), with the preperiod and period of octal-table.tsv.
// Set GRUNDY_SOLVED to a file to write octal-solved.tsv there instead.
func TestOctalTableFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("recomputes the committed tables (a minute or more); run without -short")
	}
	table := readTSV(t, tableFile)
	if len(table) != 512 || len(table[0]) != 11 || table[0][10] != "sha256_16384" {
		t.Fatalf("%s: %d lines, header %q", tableFile, len(table), table[0])
	}
	proofs := map[string][2]int{}
	for _, r := range table[1:] {
		v, err := OctalValues(r[0], 16384, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := sum16(v, 16384); got != r[10] {
			t.Errorf("%s: SHA-256 of g(0..16384) begins %s, the file says %s", r[0], got, r[10])
		}
		if r[1] == "proven" {
			e, err1 := strconv.Atoi(r[2])
			p, err2 := strconv.Atoi(r[3])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: preperiod %q, period %q", r[0], r[2], r[3])
			}
			proofs[r[0]] = [2]int{e, p}
		}
	}
	codes := strings.Fields("0.127 0.156 0.16 0.165 0.354 0.356 0.376 0.45 0.56 0.644")
	var want []string
	for _, code := range codes {
		ep, ok := proofs[code]
		if !ok {
			t.Fatalf("%s is not proven in %s", code, tableFile)
		}
		line, err := solvedLine(code, ep[0], ep[1])
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, line)
	}
	if path := os.Getenv("GRUNDY_SOLVED"); path != "" {
		if err := os.WriteFile(path, []byte(solvedHeader+"\n"+strings.Join(want, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	solved := readTSV(t, solvedFile)
	if len(solved) != len(codes)+1 || strings.Join(solved[0], "\t") != solvedHeader {
		t.Fatalf("%s: %d lines, header %q", solvedFile, len(solved), solved[0])
	}
	for i, line := range want {
		if got := strings.Join(solved[i+1], "\t"); got != line {
			t.Errorf("%s line %d:\n%s\nrecomputed:\n%s", solvedFile, i+2, got, line)
		}
	}
}
