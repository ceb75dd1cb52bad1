package heap

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// The pairs (a, m-a) with a rare part a >= lag read no value newer than
// heap m-lag, so for heap n they can be marked lag heaps ahead, while the
// heaps before n are still being computed. pipeline gives that work to a
// second goroutine: it marks the pairs of the rare parts from lag on, for
// the heaps up to lag ahead, each in its own slot of a ring, and the main
// goroutine adds the rest (the rare parts below lag, those that became rare
// since the helper started, the scans) and takes the mex of both.
//
// When the scans of the common parts go past lag, as on Officers where
// they read thousands of pairs a heap, the helper also marks every pair
// whose smaller part lies in a span from lag on, and the scans skip it: a
// value the helper did not mark is not the value of any pair there. The
// span is as long as the scans went on average in the previous batch, up
// to pipelineSpan, since the helper reads all of it where a scan stops at
// its witness. The pairs of the rare parts within the span are among
// those it reads, and it does not mark them again.
//
// The helper marks only real options, so marking too many is harmless; a
// batch ends, and a new one starts with a fresh copy of the rare lists,
// whenever the split is rebuilt or the values outgrow the slots.

// pipelineLag is how far ahead the helper may run: the ring holds one
// slot of marks per heap in flight.
const pipelineLag = 512

// pipelineSlack is how far a sleeping goroutine lets the other run before
// it is woken; it is below pipelineLag, which bounds how far the helper
// can go past the main goroutine.
const pipelineSlack = pipelineLag / 4

// pipelineSpan is the most smaller parts from pipelineLag on the helper
// reads for every heap of a class with one splitting amount, so that the
// main goroutine's scans skip them; it balances the two goroutines on
// Officers. It stays below commonLimit.
const pipelineSpan = 1536

// pipelineMinWork is the least number of rare pairs per heap for which a
// helper pays for its synchronisation, and pipelineMinBatch the fewest
// heaps worth starting it for.
const (
	pipelineMinWork  = 512
	pipelineMinBatch = 1 << 14
)

// helped describes the helper's share of a heap's marks: the pairs of the
// rare parts from from on, among the first count[d] of class d's list, and
// those of all the parts a with span[d][0] <= a < span[d][1], are in marks:
// marks[v] says that v is the value of one of them.
type helped struct {
	from  int
	count [2]int
	span  [2][2]int
	marks []bool
}

// rareWork returns the number of rare pairs a heap costs.
func (e *engine[T]) rareWork() int {
	w := 0
	for d, c := range e.cls {
		if c != nil {
			w += len(c.rare) * len(e.split[d])
		}
	}
	return w
}

// usePipeline reports whether computing up to n values is worth a helper.
func (e *engine[T]) usePipeline(n int) bool {
	return e.parallel && runtime.GOMAXPROCS(0) >= 2 && n-len(e.g) >= pipelineMinBatch &&
		len(e.g) > 2*pipelineLag && e.rareWork() >= pipelineMinWork
}

// progress is a heap count one goroutine publishes and another waits for,
// spinning briefly and then asleep.
type progress struct {
	done    atomic.Int64 // the last heap finished
	waiting atomic.Bool
	want    atomic.Int64 // the heap the waiter sleeps until
	wake    chan struct{}
}

func newProgress(done int) *progress {
	p := &progress{wake: make(chan struct{}, 1)}
	p.done.Store(int64(done))
	return p
}

// publish records that heap x is finished.
func (p *progress) publish(x int) {
	p.done.Store(int64(x))
	if p.waiting.Load() && int64(x) >= p.want.Load() {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// release wakes a sleeping waiter whatever heap it waits for, after the
// caller has set the waiter's stop.
func (p *progress) release() {
	if p.waiting.Load() {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// wait returns once heap x is finished, or false if stop is set first (a
// stopper releases the waiter after setting it). A waiter that
// has to sleep asks to be woken only once heap x+slack is finished: the
// goroutine it waits for then runs ahead by slack heaps, instead of waking
// it, at the cost of a system call, for every heap.
func (p *progress) wait(x, slack int, stop *atomic.Bool) bool {
	for spin := 0; ; spin++ {
		if p.done.Load() >= int64(x) {
			return true
		}
		if stop != nil && stop.Load() {
			return false
		}
		if spin < 200 {
			continue
		}
		x += slack
		slack = 0
		p.want.Store(int64(x))
		p.waiting.Store(true)
		// Checked again after announcing the wait: a publish either came
		// before and is seen here, or sees the announcement and wakes us.
		if p.done.Load() >= int64(x) || (stop != nil && stop.Load()) {
			p.waiting.Store(false)
			continue
		}
		<-p.wake
		p.waiting.Store(false)
	}
}

// pipeline computes values until n are known, or until one does not fit
// in T (false), with a helper goroutine marking the rare pairs ahead.
func (e *engine[T]) pipeline(n int) bool {
	e.g = grow(e.g, n) // the helper reads g while it grows, so it must stay put
	ring := e.ring
	for len(e.g) < n {
		if e.rareWork() < pipelineMinWork {
			for len(e.g) < n {
				if _, ok := e.next(); !ok {
					return false
				}
			}
			return true
		}
		// Bytes, not bits: the helper's marks are then plain stores,
		// not a chain of read-modify-writes on a few words.
		width := e.size + 1
		if cap(ring) < width*pipelineLag {
			ring = make([]bool, width*pipelineLag)
			e.ring = ring
		}
		ring = ring[:width*pipelineLag]
		h := &helped{from: pipelineLag}
		var snap [2][]uint32 // the helper's rare parts, from pipelineLag on
		for d, c := range e.cls {
			if c != nil {
				h.count[d] = len(c.rare)
				k, _ := slices.BinarySearch(c.rare, pipelineLag)
				snap[d] = c.rare[k:len(c.rare):len(c.rare)]
				if len(e.split[d]) == 1 && e.reached > 0 {
					// Only as far as the scans went on average: the helper
					// reads every pair of the span, a scan only up to its
					// witness.
					mean := int(e.reach[d] / e.reached)
					h.span[d] = [2]int{pipelineLag, pipelineLag + min(pipelineSpan, max(0, mean-pipelineLag))}
					if h.span[d][1] > h.span[d][0] {
						e.spans++
					}
				}
			}
		}
		start := len(e.g)
		e.batches++
		e.reach, e.reached = [2]int64{}, 0
		main, helper := newProgress(start-1), newProgress(start-1)
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Add(1)
		g, game := e.g[:n], e.pairGame
		go func() {
			defer wg.Done()
			help(g, game, h.span, start, snap, ring, width, main, helper, &stop)
		}()
		size, rebuilds, fits := e.size, e.rebuilds, true
		for len(e.g) < n && e.size == size && e.rebuilds == rebuilds {
			x := len(e.g)
			helper.wait(x, min(pipelineSlack, n-1-x), nil)
			slot := x % pipelineLag
			h.marks = ring[slot*width : (slot+1)*width]
			if _, fits = e.nextWith(h); !fits {
				break
			}
			if e.size != size {
				// A value past the slots' width: the helper must not read
				// it, so it is not published.
				break
			}
			main.publish(x)
		}
		stop.Store(true)
		main.publish(len(e.g) - 1)
		main.release()
		wg.Wait()
		if !fits {
			return false
		}
	}
	return true
}

// help marks, for heaps from to len(g)-1 in turn, the pairs of the rare
// parts in snap (all >= pipelineLag), each heap once the main goroutine has
// finished the heap pipelineLag before it, whose slot it reuses and
// whose value is the newest it reads: g is read beyond the values known at
// the start only as far as main publishes.
func help[T valueType](g []T, p *pairGame, span [2][2]int, from int, snap [2][]uint32, ring []bool, width int, main, helper *progress, stop *atomic.Bool) {
	for x := from; x < len(g); x++ {
		// The stop is checked again after the wait: the last publish
		// comes after it is set, and may cover a value past the slots.
		if !main.wait(x-pipelineLag, pipelineSlack, stop) || stop.Load() {
			return
		}
		slot := x % pipelineLag
		b := ring[slot*width : (slot+1)*width]
		clear(b)
		for d, rare := range snap {
			if sp := span[d]; sp[1] > sp[0] {
				// The span reads every pair whose smaller part is in it,
				// those of the rare parts too: they are not marked again.
				m := x - p.split[d][0]
				if m < 2 {
					continue
				}
				hi := min(sp[1], p.half(d, 0, m)+1)
				markSpan(g, b, true, sp[0], hi, m)
				i, _ := slices.BinarySearch(rare, uint32(sp[0]))
				k, _ := slices.BinarySearch(rare, uint32(max(sp[0], hi)))
				skip := p.skip(d, 0, m)
				markRare(g, b, true, rare[:i], m, skip)
				markRare(g, b, true, rare[k:], m, skip)
				continue
			}
			for i, j := range p.split[d] {
				if m := x - j; m >= 2 {
					markRare(g, b, true, rare, m, p.skip(d, i, m))
				}
			}
		}
		helper.publish(x)
	}
}

// markSpan marks the values of the pairs (a, m-a) for lo <= a < hi,
// setting b[v] to mark: the heap in the main goroutine's scans, true in
// the helper's marks.
func markSpan[T valueType, M uint32 | bool](g []T, b []M, mark M, lo, hi, m int) {
	a := lo
	for ; a+8 <= hi; a += 8 {
		l, h := g[a:a+8], g[m-a-7:m-a+1]
		b[l[0]^h[7]] = mark
		b[l[1]^h[6]] = mark
		b[l[2]^h[5]] = mark
		b[l[3]^h[4]] = mark
		b[l[4]^h[3]] = mark
		b[l[5]^h[2]] = mark
		b[l[6]^h[1]] = mark
		b[l[7]^h[0]] = mark
	}
	for ; a < hi; a++ {
		b[g[a]^g[m-a]] = mark
	}
}
