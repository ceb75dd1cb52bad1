package misere

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games"
	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/internal/gameerr"
)

// GenusTerms is the least number of terms γ0, γ1, ... that HeapGenus
// computes; it goes on, up to maxGenusTerms, until the last six alternate.
const GenusTerms = 8

// maxGenusTerms bounds the terms HeapGenus computes.
const maxGenusTerms = 32

// maxPlayed bounds the sums whose misère Grundy value HeapGenus remembers,
// so that a heap whose play cannot settle soon ends with ErrBound.
const maxPlayed = 1 << 20

// A Genus is Conway's genus of a game G (On Numbers and Games, ch. 12;
// Winning Ways, ch. 13), written g^(γ0 γ1 γ2 ...): g is the normal-play
// Grundy value of G and γk the misère Grundy value of G plus k Nim heaps of
// size 2, where the misère Grundy value of a position without moves is 1 and
// of any other the mex of its options'. The sequence γ alternates from some
// term on; the symbol writes it up to the term after which it alternates, so
// the empty game has genus 0^120 (γ = 1, 2, 0, 2, 0, ...).
type Genus struct {
	G     int
	Gamma []int // γ0, γ1, ...: at least GenusTerms terms
}

// shown returns the number of terms the symbol writes: the least m >= 2
// such that the computed γk equals γ(k-2) for every k >= m.
func (g Genus) shown() int {
	m := len(g.Gamma)
	for m > 2 && g.Gamma[m-1] == g.Gamma[m-3] {
		m--
	}
	return m
}

// String writes the genus as in Winning Ways: "0^120", "2^20"; values of
// two digits or more make the exponent comma-separated in braces.
func (g Genus) String() string {
	terms := g.Gamma[:g.shown()]
	small := g.G < 10
	for _, v := range terms {
		small = small && v < 10
	}
	parts := make([]string, len(terms))
	for i, v := range terms {
		parts[i] = strconv.Itoa(v)
	}
	if small {
		return strconv.Itoa(g.G) + "^" + strings.Join(parts, "")
	}
	return strconv.Itoa(g.G) + "^{" + strings.Join(parts, ",") + "}"
}

// Tame reports whether the genus is one of those of the positions of Nim
// played in misère: 0^120, 1^031, or a^(a, a XOR 2) for any a, which
// Conway's genus theory calls tame (On Numbers and Games, ch. 12; Winning
// Ways, ch. 13). By the misère rule for Nim (same chapters) a Nim position
// with every heap of at most one token has genus 0^120 or 1^031 as the
// number of its heaps is even or odd, any other a^(a, a XOR 2) for a the
// XOR of its heaps; the tests check single heaps up to 6. Tame looks at one
// genus only: whether a game plays in misère like Nim depends on more than
// that, and Tame does not decide it.
func (g Genus) Tame() bool {
	s := g.Gamma[:g.shown()]
	switch {
	case len(s) == 3 && g.G == 0 && s[0] == 1 && s[1] == 2 && s[2] == 0:
		return true
	case len(s) == 3 && g.G == 1 && s[0] == 0 && s[1] == 3 && s[2] == 1:
		return true
	}
	return len(s) == 2 && s[0] == g.G && s[1] == g.G^2
}

// HeapGenus returns the genus of a heap of n tokens of the take-and-break
// game of code, from terms of γ found by direct play: at least GenusTerms,
// and more until the last six alternate. The genus is exact for the terms
// computed, and its symbol assumes the alternation they end with goes on,
// as Conway proved it does from some term on (On Numbers and Games,
// ch. 12). Heaps beyond MaxHeap, a sequence that has not settled by the
// 32nd term, or play beyond the package's bounds are errors wrapping
// ErrHeap or ErrBound.
func HeapGenus(code string, n int) (Genus, error) {
	c, err := heap.ParseCode(code)
	if err != nil {
		return Genus{}, gameerr.New("misere.HeapGenus", code, err)
	}
	g, err := heapGenus(c, n)
	if err != nil {
		return Genus{}, gameerr.New("misere.HeapGenus", code, err)
	}
	return g, nil
}

func heapGenus(c heap.Code, n int) (Genus, error) {
	if n < 0 || n > MaxHeap {
		return Genus{}, fmt.Errorf("%w: heap %d outside [0, %d]", ErrHeap, n, MaxHeap)
	}
	normal, err := heap.TakeBreak(c, n)
	if err != nil {
		return Genus{}, err
	}
	gp := &genusPlayer{r: newRules(c), memo: map[string]int{}}
	g := Genus{G: normal[n]}
	var w word
	if gp.r.live(n) {
		w = word{n}
	}
	for k := 0; k < GenusTerms || !alternates(g.Gamma[len(g.Gamma)-6:]); k++ {
		if k == maxGenusTerms {
			return Genus{}, fmt.Errorf("%w: γ of heap %d not alternating by term %d", ErrBound, n, k)
		}
		v, err := gp.value(w, k, 0)
		if err != nil {
			return Genus{}, fmt.Errorf("%w, in γ of heap %d", err, n)
		}
		g.Gamma = append(g.Gamma, v)
	}
	return g, nil
}

// alternates reports whether s[i] = s[i-2] throughout.
func alternates(s []int) bool {
	for i := 2; i < len(s); i++ {
		if s[i] != s[i-2] {
			return false
		}
	}
	return true
}

// genusPlayer finds misère Grundy values of sums of heaps of the game plus
// Nim heaps of sizes 2 and 1, by direct play.
type genusPlayer struct {
	r    *rules
	memo map[string]int
}

// value returns the misère Grundy value of the sum w + twos×*2 + ones×*1.
func (gp *genusPlayer) value(w word, twos, ones int) (int, error) {
	if len(w) == 0 && twos == 0 && ones == 0 {
		return 1, nil
	}
	k := w.key() + "|" + strconv.Itoa(twos) + "|" + strconv.Itoa(ones)
	if v, ok := gp.memo[k]; ok {
		return v, nil
	}
	if len(gp.memo) >= maxPlayed {
		return 0, fmt.Errorf("%w: more than %d sums played out", ErrBound, maxPlayed)
	}
	var vals []int
	add := func(w word, twos, ones int) error {
		v, err := gp.value(w, twos, ones)
		vals = append(vals, v)
		return err
	}
	for i, h := range w {
		if i > 0 && w[i-1] == h {
			continue
		}
		for _, o := range gp.r.options(h) {
			var parts []int
			for _, part := range o {
				if gp.r.live(part) {
					parts = append(parts, part)
				}
			}
			if err := add(w.minus(i, parts...), twos, ones); err != nil {
				return 0, err
			}
		}
	}
	if twos > 0 {
		if err := add(w, twos-1, ones+1); err != nil {
			return 0, err
		}
		if err := add(w, twos-1, ones); err != nil {
			return 0, err
		}
	}
	if ones > 0 {
		if err := add(w, twos, ones-1); err != nil {
			return 0, err
		}
	}
	v := 1 // no move: the misère Grundy value of an ended game
	if len(vals) > 0 {
		v = games.Mex(vals)
	}
	gp.memo[k] = v
	return v, nil
}
