package games

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// heapValues expands a histogram into one value per heap, heaps numbered in
// order of value.
func heapValues(hist []int64) []int {
	var v []int
	for g, c := range hist {
		for range c {
			v = append(v, g)
		}
	}
	return v
}

// bruteCount enumerates k-tuples of heaps; with sorted set it keeps only
// non-decreasing heap indices, one tuple per multiset, and with distinct
// only increasing ones, one per set.
func bruteCount(hist []int64, k, target int, sorted, distinct bool) int64 {
	vals := heapValues(hist)
	var n int64
	var walk func(depth, from, x int)
	walk = func(depth, from, x int) {
		if depth == k {
			if x == target || (target == Nonzero && x != 0) {
				n++
			}
			return
		}
		start := 0
		switch {
		case distinct && depth > 0:
			start = from + 1
		case sorted, distinct:
			start = from
		}
		for i := start; i < len(vals); i++ {
			walk(depth+1, i, x^vals[i])
		}
	}
	walk(0, 0, 0)
	return n
}

// randomHist returns a histogram of size values, each with a random count
// below counts.
func randomHist(r *rand.Rand, size int, counts int64) []int64 {
	hist := make([]int64, size)
	for i := range hist {
		hist[i] = r.Int64N(counts)
	}
	return hist
}

// kinds are the three counts, exact and modular, with the enumeration that
// checks them.
var kinds = []struct {
	name             string
	exact            func([]int64, int, int) (*big.Int, error)
	mod              func([]int64, int, int, int64) (int64, error)
	sorted, distinct bool
}{
	{"CountTuples", CountTuples, CountTuplesMod, false, false},
	{"CountMultisets", CountMultisets, CountMultisetsMod, true, false},
	{"CountSets", CountSets, CountSetsMod, false, true},
}

func TestCountAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		hist := randomHist(r, r.IntN(9), 4)
		k := r.IntN(6)
		target := r.IntN(18) - 1
		for _, kd := range kinds {
			got, err := kd.exact(hist, k, target)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteCount(hist, k, target, kd.sorted, kd.distinct)
			if got.Cmp(big.NewInt(want)) != 0 {
				t.Fatalf("trial %d: %s(%v, %d, %d) = %v, want %d", trial, kd.name, hist, k, target, got, want)
			}
		}
	}
}

func TestCountLarge(t *testing.T) {
	// One value only: every multiset of k heaps from N has XOR 0 when k is
	// even, so the count is C(N+k-1, k) without any overflow.
	n := int64(1) << 62
	hist := []int64{n}
	got, err := CountMultisets(hist, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Int).Binomial(n+3, 4)
	if got.Cmp(want) != 0 {
		t.Errorf("CountMultisets(2^62 zeros, 4) = %v, want %v", got, want)
	}
	tup, _ := CountTuples(hist, 3, 0)
	if want := new(big.Int).Exp(big.NewInt(n), big.NewInt(3), nil); tup.Cmp(want) != 0 {
		t.Errorf("CountTuples(2^62 zeros, 3) = %v, want %v", tup, want)
	}
}

func TestCountTrivialHugeK(t *testing.T) {
	// One heap: k-tuples, multisets and sets of it are one position or none.
	for _, k := range []int{0, 1, 2, 1e12, MaxCountHeaps} {
		for _, kd := range kinds {
			got, err := kd.exact([]int64{0, 1}, k, 1)
			if err != nil {
				t.Fatalf("%s(one heap of value 1, %d): %v", kd.name, k, err)
			}
			want := int64(k % 2)
			if kd.distinct && k > 1 {
				want = 0
			}
			if got.Cmp(big.NewInt(want)) != 0 {
				t.Errorf("%s(one heap of value 1, %d, target 1) = %v, want %d", kd.name, k, got, want)
			}
		}
	}
}

func TestCountMod(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		hist := randomHist(r, 1+r.IntN(20), 1<<40)
		k, target, m := r.IntN(6), r.IntN(8)-1, 1+r.Int64N(1<<40)
		exact, _ := CountMultisets(hist, k, target)
		got, err := CountMultisetsMod(hist, k, target, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
			t.Fatalf("CountMultisetsMod = %d, want %d", got, want)
		}
		exact, _ = CountTuples(hist, k, target)
		got, _ = CountTuplesMod(hist, k, target, m)
		if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
			t.Fatalf("CountTuplesMod = %d, want %d", got, want)
		}
	}
}

func TestCountErrors(t *testing.T) {
	long := make([]int64, MaxCountValues+1)
	tests := []struct {
		name   string
		hist   []int64
		k      int
		target int
		m      int64
	}{
		{"negative k", []int64{1}, -1, 0, 7},
		{"most negative k", []int64{1}, math.MinInt, 0, 7},
		{"k beyond the limit", []int64{1}, math.MaxInt, 0, 7},
		{"negative entry", []int64{1, -2}, 2, 0, 7},
		{"most negative entry", []int64{math.MinInt64}, 2, 0, 7},
		{"too many heaps", []int64{math.MaxInt64, math.MaxInt64}, 2, 0, 7},
		{"bad target", []int64{1}, 2, -7, 7},
		{"most negative target", []int64{1}, 2, math.MinInt, 7},
		{"modulus 0", []int64{1}, 2, 0, 0},
		{"negative modulus", []int64{1}, 2, 0, -5},
		{"histogram too long", long, 2, 0, 7},
	}
	for _, tt := range tests {
		for _, kd := range kinds {
			_, err := kd.mod(tt.hist, tt.k, tt.target, tt.m)
			if !errors.Is(err, ErrCount) {
				t.Errorf("%s: %sMod err = %v, want ErrCount", tt.name, kd.name, err)
			} else if len(err.Error()) > 120 {
				t.Errorf("%s: %sMod error is %d bytes long", tt.name, kd.name, len(err.Error()))
			}
			if tt.m < 1 {
				continue
			}
			if _, err := kd.exact(tt.hist, tt.k, tt.target); !errors.Is(err, ErrCount) {
				t.Errorf("%s: %s err = %v, want ErrCount", tt.name, kd.name, err)
			}
		}
	}
	// Exact counts too large to hold, and modular ones too long to walk.
	big := []struct {
		name string
		call func() error
	}{
		{"exact tuples, k = 10^12", func() error { _, err := CountTuples([]int64{1, 1, 1}, 1e12, 0); return err }},
		{"exact multisets, k = N = 10^12", func() error { _, err := CountMultisets([]int64{1e12, 1e12}, 1e12, 0); return err }},
		{"exact sets, k = N/2 = 10^12", func() error { _, err := CountSets([]int64{1e12, 1e12}, 1e12, 0); return err }},
		{"multisets mod m, k = N = 10^12", func() error { _, err := CountMultisetsMod([]int64{1e12, 1e12}, 1e12, 0, 1e9+7); return err }},
		{"sets mod m, k = N/2 = 10^12", func() error { _, err := CountSetsMod([]int64{1e12, 1e12}, 1e12, 0, 1e9+7); return err }},
	}
	for _, tt := range big {
		if err := tt.call(); !errors.Is(err, ErrCount) {
			t.Errorf("%s: err = %v, want ErrCount", tt.name, err)
		}
	}
}

// dpCountMod counts modulo m by dynamic programming over the heaps one at a
// time, dp[j][x] the positions of j heaps with XOR x: an independent method
// for sets (each heap used at most once) and multisets (any number of times),
// with no transform and no division.
func dpCountMod(hist []int64, k, target int, m int64, repeat bool) int64 {
	size := 1
	for size < len(hist) {
		size <<= 1
	}
	dp := make([][]int64, k+1)
	for j := range dp {
		dp[j] = make([]int64, size)
	}
	dp[0][0] = 1 % m
	for v, c := range hist {
		for range c {
			if repeat {
				for j := 1; j <= k; j++ {
					for x := range size {
						dp[j][x] = (dp[j][x] + dp[j-1][x^v]) % m
					}
				}
			} else {
				for j := k; j >= 1; j-- {
					for x := range size {
						dp[j][x] = (dp[j][x] + dp[j-1][x^v]) % m
					}
				}
			}
		}
	}
	if target == Nonzero {
		var n int64
		for x := 1; x < size; x++ {
			n = (n + dp[k][x]) % m
		}
		return n
	}
	if target >= size {
		return 0
	}
	return dp[k][target]
}

// moduli mixes primes, prime powers, even and odd composites, 1, and moduli
// so large that m·S needs more than 64 bits: odd ones, even ones whose power
// of two times S fits (joined by the Chinese remainder theorem), and even
// ones whose power of two times S does not.
var moduli = []int64{1, 2, 3, 4, 6, 8, 12, 30, 64, 97, 360, 1024, 1_000_000_007, 987654321,
	1 << 40, 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23, 999_999_999_989 * 8, 1<<62 + 1, math.MaxInt64,
	1 << 10 * (1<<52 - 47), 1 << 62, 3 << 61}

func TestCountModAgainstDP(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 150 {
		hist := randomHist(r, 1+r.IntN(12), 5)
		k := r.IntN(14)
		target := r.IntN(20) - 1
		m := moduli[r.IntN(len(moduli))]
		for _, kd := range kinds[1:] {
			got, err := kd.mod(hist, k, target, m)
			if err != nil {
				t.Fatal(err)
			}
			if want := dpCountMod(hist, k, target, m, kd.sorted); got != want {
				t.Fatalf("trial %d: %sMod(%v, %d, %d, %d) = %d, DP says %d", trial, kd.name, hist, k, target, m, got, want)
			}
		}
	}
}

// TestCountModAgainstExact compares the modular walks with the exact counts
// reduced, on histograms of many heaps where both methods of the multiset
// count (direct sum and closed form) come into play.
func TestCountModAgainstExact(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for trial := range 200 {
		hist := randomHist(r, 1+r.IntN(9), 40)
		k := r.IntN(120)
		if trial%4 == 0 {
			k = r.IntN(1 << 20)
		}
		target := r.IntN(20) - 1
		for _, kd := range kinds {
			if kd.name == "CountTuples" && k > 1000 {
				continue // millions of digits
			}
			exact, err := kd.exact(hist, k, target)
			if err != nil {
				t.Fatal(err)
			}
			for range 3 {
				m := moduli[r.IntN(len(moduli))]
				got, err := kd.mod(hist, k, target, m)
				if err != nil {
					t.Fatal(err)
				}
				if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
					t.Fatalf("trial %d: %sMod(%v, %d, %d, %d) = %d, exact count says %d", trial, kd.name, hist, k, target, m, got, want)
				}
			}
		}
	}
}

// parityCount counts multisets of k heaps from a histogram of few heaps by
// the parities of their multiplicities: the XOR depends only on which heaps
// are taken an odd number of times, and the multisets with a given set P of
// those number C((k-|P|)/2 + N-1, N-1). It is exact for any k.
func parityCount(hist []int64, k, target int) *big.Int {
	vals := heapValues(hist)
	n := len(vals)
	count := new(big.Int)
	for p := 0; p < 1<<n; p++ {
		x, odd := 0, 0
		for i, v := range vals {
			if p>>i&1 == 1 {
				x ^= v
				odd++
			}
		}
		if odd > k || (k-odd)%2 != 0 || !(x == target || target == Nonzero && x != 0) {
			continue
		}
		count.Add(count, new(big.Int).Binomial(int64((k-odd)/2+n-1), int64(n-1)))
	}
	return count
}

func TestCountMultisetsHugeK(t *testing.T) {
	hists := [][]int64{{1, 1}, {1, 1, 1, 1}, {2, 0, 3, 1}, {0, 4, 1, 0, 2, 1, 0, 1}, {3}}
	for _, hist := range hists {
		for _, k := range []int{1e6 + 1, 1e12, 1e12 + 3, 1 << 61, MaxCountHeaps - 1} {
			for _, target := range []int{0, 1, 3, Nonzero} {
				want := parityCount(hist, k, target)
				got, err := CountMultisets(hist, k, target)
				if err != nil {
					t.Fatal(err)
				}
				if got.Cmp(want) != 0 {
					t.Errorf("CountMultisets(%v, %d, %d) = %v, want %v", hist, k, target, got, want)
				}
				for _, m := range moduli {
					got, err := CountMultisetsMod(hist, k, target, m)
					if err != nil {
						t.Fatal(err)
					}
					if w := new(big.Int).Mod(want, big.NewInt(m)).Int64(); got != w {
						t.Errorf("CountMultisetsMod(%v, %d, %d, %d) = %d, want %d", hist, k, target, m, got, w)
					}
				}
			}
		}
	}
}

// xorPowerMod raises the histogram to the k-th power in the group algebra of
// XOR modulo m by repeated squaring of XOR-convolutions: the tuple count
// without a transform.
func xorPowerMod(hist []int64, k int, m int64) []int64 {
	size := 1
	for size < len(hist) {
		size <<= 1
	}
	conv := func(a, b []int64) []int64 {
		c := make([]int64, size)
		for x, ax := range a {
			for y, by := range b {
				c[x^y] = int64((uint64(c[x^y]) + mulMod(uint64(ax), uint64(by), uint64(m))) % uint64(m))
			}
		}
		return c
	}
	r := make([]int64, size)
	r[0] = 1 % m
	base := make([]int64, size)
	for v, c := range hist {
		base[v] = c % m
	}
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = conv(r, base)
		}
		base = conv(base, base)
	}
	return r
}

func TestCountTuplesModHugeK(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 60 {
		hist := randomHist(r, 1+r.IntN(16), 1<<50)
		k := 1 + r.IntN(1<<62)
		if r.IntN(3) == 0 {
			k = 1e12
		}
		m := moduli[r.IntN(len(moduli))]
		if m > 1<<62 {
			m = 1<<61 - 1
		}
		power := xorPowerMod(hist, k, m)
		for target := range len(power) {
			got, err := CountTuplesMod(hist, k, target, m)
			if err != nil {
				t.Fatal(err)
			}
			if got != power[target] {
				t.Fatalf("CountTuplesMod(%v, %d, %d, %d) = %d, want %d", hist, k, target, m, got, power[target])
			}
		}
	}
}

func TestCountSetsComplement(t *testing.T) {
	// Sets of k heaps and of N-k heaps pair up by complement; with N = 40 and
	// k near N both sides of the complement rule are exercised.
	hist := []int64{5, 9, 3, 7, 2, 6, 1, 7}
	n := 40
	for k := 0; k <= n+1; k++ {
		for _, target := range []int{0, 2, 7, Nonzero} {
			got, err := CountSets(hist, k, target)
			if err != nil {
				t.Fatal(err)
			}
			want := dpCountMod(hist, k, target, math.MaxInt64, false)
			if got.Cmp(big.NewInt(want)) != 0 {
				t.Errorf("CountSets(%v, %d, %d) = %v, DP says %d", hist, k, target, got, want)
			}
		}
	}
}

func ExampleCountMultisets() {
	// Nim heaps 0..3 have values 0..3. Of the 20 multisets {a, b, c} of such
	// heaps, those with a^b^c = 0 are {0,0,0}, {0,1,1}, {0,2,2}, {0,3,3} and
	// {1,2,3}.
	n, _ := CountMultisets([]int64{1, 1, 1, 1}, 3, 0)
	fmt.Println(n)
	// Output: 5
}

func ExampleCountTuplesMod() {
	n, _ := CountTuplesMod([]int64{1, 1, 1, 1}, 3, Nonzero, 1000)
	fmt.Println(n) // 64 triples, 16 of them with XOR 0
	// Output: 48
}

func ExampleCountSets() {
	// Heaps of 1..7 stones in Nim: the sets of three different heaps with
	// XOR 0 are {1,2,3}, {1,4,5}, {1,6,7}, {2,4,6}, {2,5,7}, {3,4,7} and
	// {3,5,6}.
	n, _ := CountSets([]int64{0, 1, 1, 1, 1, 1, 1, 1}, 3, 0)
	fmt.Println(n)
	// Output: 7
}

// cyclicHist returns a histogram of size values whose counts run
// 1, 2, ..., period and again.
func cyclicHist(size, period int) []int64 {
	hist := make([]int64, size)
	for i := range hist {
		hist[i] = int64(i%period + 1)
	}
	return hist
}

// benchCounts runs one sub-benchmark per parameter, named by it, timing the
// count that prepare returns for it; prepare builds its inputs untimed.
func benchCounts(b *testing.B, params []int, prepare func(param int) func() error) {
	for _, param := range params {
		count := prepare(param)
		b.Run(fmt.Sprint(param), func(b *testing.B) {
			for b.Loop() {
				if err := count(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCountTuplesMod(b *testing.B) {
	benchCounts(b, []int{16, 1 << 10, 1 << 16}, func(size int) func() error {
		hist := cyclicHist(size, 7)
		return func() error {
			_, err := CountTuplesMod(hist, 1e12, Nonzero, 987654321)
			return err
		}
	})
}

func BenchmarkCountMultisetsMod(b *testing.B) {
	hist := cyclicHist(64, 5)
	benchCounts(b, []int{3, 1000, 1e12}, func(k int) func() error {
		return func() error {
			_, err := CountMultisetsMod(hist, k, 0, 1e9)
			return err
		}
	})
}

func BenchmarkCountSets(b *testing.B) {
	hist := cyclicHist(256, 3)
	benchCounts(b, []int{3, 30, 300}, func(k int) func() error {
		return func() error {
			_, err := CountSets(hist, k, 0)
			return err
		}
	})
}

func BenchmarkCountSetsMod(b *testing.B) {
	benchCounts(b, []int{16, 256, 4096}, func(size int) func() error {
		hist := cyclicHist(size, 5)
		var n int64
		for _, c := range hist {
			n += c
		}
		return func() error {
			_, err := CountSetsMod(hist, int(n/3), Nonzero, 1e9)
			return err
		}
	})
}

func BenchmarkCountMultisets(b *testing.B) {
	hist := make([]int64, 64)
	for i := range hist {
		hist[i] = int64(i+1) << 30
	}
	benchCounts(b, []int{3, 30}, func(k int) func() error {
		return func() error {
			_, err := CountMultisets(hist, k, 0)
			return err
		}
	})
}

// TestCountLargeNAndK counts multisets and sets of a histogram of 1640 heaps
// with k far beyond it (multisets) and near half of it (sets), exactly and
// modulo moduli of every kind.
func TestCountLargeNAndK(t *testing.T) {
	hist := make([]int64, 16)
	for i := range hist {
		hist[i] = int64(50 + 7*i)
	}
	for _, kd := range kinds[1:] {
		k := int(1e12)
		if kd.distinct {
			k = 800
		}
		for _, target := range []int{0, 5, Nonzero} {
			exact, err := kd.exact(hist, k, target)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []int64{1e9 + 7, 1e9, 1 << 40, 1<<62 + 1} {
				got, err := kd.mod(hist, k, target, m)
				if err != nil {
					t.Fatal(err)
				}
				if want := new(big.Int).Mod(exact, big.NewInt(m)).Int64(); got != want {
					t.Errorf("%sMod(k = %d, target %d, m = %d) = %d, exact count says %d", kd.name, k, target, m, got, want)
				}
			}
		}
	}
}
