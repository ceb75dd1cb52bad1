package misere

import (
	"container/heap"
	"slices"
)

// A word is a sum of heaps, each with a move, written largest first.
// Words are ordered as their sequences are, largest heap first and a
// prefix before its extensions: the order compares the numbers of heaps of
// each size from the largest size down, so adding the same heaps to two
// words keeps their order, and every option of a word, which replaces one
// heap by smaller ones, comes before it.
type word []int

func compareWords(a, b word) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return len(a) - len(b)
}

// plus returns w with a heap of h tokens added.
func (w word) plus(h int) word {
	i, _ := slices.BinarySearchFunc(w, h, func(x, y int) int { return y - x })
	return slices.Insert(slices.Clone(w), i, h)
}

// minus returns w with its i-th heap removed and the heaps parts added.
func (w word) minus(i int, parts ...int) word {
	v := slices.Delete(slices.Clone(w), i, i+1)
	for _, p := range parts {
		v = v.plus(p)
	}
	return v
}

func (w word) key() string {
	b := make([]byte, 0, 4*len(w))
	for _, h := range w {
		b = appendInt32(b, int32(h))
	}
	return string(b)
}

type wordQueue []word

func (q wordQueue) Len() int           { return len(q) }
func (q wordQueue) Less(i, j int) bool { return compareWords(q[i], q[j]) < 0 }
func (q wordQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *wordQueue) Push(x any)        { *q = append(*q, x.(word)) }
func (q *wordQueue) Pop() any {
	old := *q
	w := old[len(old)-1]
	*q = old[:len(old)-1]
	return w
}

// leastWords returns, for each element of m reached by the heaps' elements
// phi, its least word (nil for elements not reached). With mark set it
// also sets m's P-portion as play on those words decides it: a word is lost
// for the player to move when it has a move and the element of none of its
// options is in the P-portion. Words come out of the queue in increasing
// order and every option of a word is smaller than it, so the element of
// each option already has its status.
//
// Only the least heap of each element makes words, and a word is extended
// only by heaps no larger than its smallest, so each word is made once.
// That finds every least word W: without its smallest heap h, W is W'+h,
// and W' is the least word of its element, for if v < W' had that element,
// v+h < W would have W's (adding the same heaps keeps the order). For the
// same reason a word that is not the least of its element is not extended.
func leastWords(m *monoid, phi []int32, tr [][]int32, live []int, mark bool) []word {
	var heaps []int // the least live heap of each element
	seen := map[int32]bool{}
	for _, h := range live {
		if !seen[phi[h]] {
			seen[phi[h]] = true
			heaps = append(heaps, h)
		}
	}
	least := make([]word, m.size)
	done := make([]bool, m.size)
	q := &wordQueue{word{}}
	for q.Len() > 0 {
		w := heap.Pop(q).(word)
		e := elementOf(m, phi, w)
		if done[e] {
			continue
		}
		done[e], least[e] = true, w
		if mark {
			m.p[e] = len(w) > 0 && !hasMoveToP(m, phi, tr, w)
		}
		for _, h := range heaps {
			if len(w) == 0 || h <= w[len(w)-1] {
				heap.Push(q, append(slices.Clip(w), h))
			}
		}
	}
	return least
}

// elementOf returns the product of the elements of w's heaps.
func elementOf(m *monoid, phi []int32, w word) int32 {
	x := int32(0)
	for _, h := range w {
		x = m.prod(x, phi[h])
	}
	return x
}

// hasMoveToP reports whether some option of w has its element in m's
// P-portion.
func hasMoveToP(m *monoid, phi []int32, tr [][]int32, w word) bool {
	for i, h := range w {
		if i > 0 && w[i-1] == h {
			continue
		}
		rest := elementOf(m, phi, w.minus(i))
		for _, t := range tr[h] {
			if m.p[m.prod(rest, t)] {
				return true
			}
		}
	}
	return false
}
