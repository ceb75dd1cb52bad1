package heap

// Periodicity describes a sequence that repeats: g(n+Period) = g(n) for every
// n >= Preperiod that was checked, n+Period < Checked.
type Periodicity struct {
	Preperiod int
	Period    int
	// Checked is the length of the prefix of the sequence the repetition was
	// observed on.
	Checked int
}

// minRepeats is how many times the periodic part must have been seen before
// DetectPeriod reports it: a period seen once is no evidence at all.
const minRepeats = 3

// DetectPeriod looks for the smallest period p, and then the smallest
// preperiod e, such that s[n+p] = s[n] for all n >= e within s and the
// periodic part s[e:] spans at least three periods. It reports what s
// shows, not a proof: only a theorem about the game, such as the one behind
// OctalPeriod, proves that the repetition goes on forever.
//
// It costs O(len(s)) per candidate period that survives into the periodic
// tail, and usually far less for the others, which fail on their first
// mismatch counted from the end.
func DetectPeriod(s Sequence) (Periodicity, bool) {
	n := len(s)
	for p := 1; p*minRepeats <= n; p++ {
		e := n - p // the smallest e with s[m] = s[m+p] for all e <= m < n-p
		for e > 0 && s[e-1] == s[e-1+p] {
			e--
		}
		if n-e >= minRepeats*p {
			return Periodicity{Preperiod: e, Period: p, Checked: n}, true
		}
	}
	return Periodicity{}, false
}
