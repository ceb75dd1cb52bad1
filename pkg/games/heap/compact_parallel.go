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
// the heaps up to lag ahead, each in its own bitset of a ring, and the main
// goroutine adds the rest (the rare parts below lag, those that became rare
// since the helper started, the scans) and takes the mex of both.
//
// The helper marks only real options, so marking too many is harmless; a
// batch ends, and a new one starts with a fresh copy of the rare lists,
// whenever the split is rebuilt or the values outgrow the bitsets.

// pipelineLag is how far ahead the helper may run: the ring holds one
// bitset per heap in flight.
const pipelineLag = 1024

// pipelineMinWork is the least number of rare pairs per heap for which a
// helper pays for its synchronisation, and pipelineMinBatch the fewest
// heaps worth starting it for.
const (
	pipelineMinWork  = 96
	pipelineMinBatch = 1 << 14
)

// helped describes the helper's share of a heap's marks: the pairs of the
// rare parts from from on, among the first count[d] of class d's list, are
// in bits.
type helped struct {
	from  int
	count [2]int
	bits  []uint64
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
	if p.waiting.Load() {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// wait returns once heap x is finished, or false if stop is set first (a
// stopper publishes after setting it, to wake the waiter).
func (p *progress) wait(x int, stop *atomic.Bool) bool {
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
	var ring []uint64
	for len(e.g) < n {
		if e.rareWork() < pipelineMinWork {
			for len(e.g) < n {
				if _, ok := e.next(); !ok {
					return false
				}
			}
			return true
		}
		words := e.size/64 + 1
		if len(ring) != words*pipelineLag {
			ring = make([]uint64, words*pipelineLag)
		}
		h := &helped{from: pipelineLag}
		var snap [2][]uint32 // the helper's rare parts, from pipelineLag on
		for d, c := range e.cls {
			if c != nil {
				h.count[d] = len(c.rare)
				k, _ := slices.BinarySearch(c.rare, pipelineLag)
				snap[d] = c.rare[k:len(c.rare):len(c.rare)]
			}
		}
		start := len(e.g)
		e.batches++
		main, helper := newProgress(start-1), newProgress(start-1)
		var stop atomic.Bool
		var wg sync.WaitGroup
		wg.Add(1)
		g, split := e.g[:n], e.split
		go func() {
			defer wg.Done()
			help(g, split, start, snap, ring, words, main, helper, &stop)
		}()
		size, rebuilds, fits := e.size, e.rebuilds, true
		for len(e.g) < n && e.size == size && e.rebuilds == rebuilds {
			x := len(e.g)
			helper.wait(x, nil)
			slot := x % pipelineLag
			h.bits = ring[slot*words : (slot+1)*words]
			if _, fits = e.nextWith(h); !fits {
				break
			}
			main.publish(x)
		}
		stop.Store(true)
		main.publish(len(e.g) - 1)
		wg.Wait()
		if !fits {
			return false
		}
	}
	return true
}

// help marks, for heaps from to len(g)-1 in turn, the pairs of the rare
// parts in snap (all >= pipelineLag), each heap once the main goroutine has
// finished the heap pipelineLag before it, whose bitset it reuses and
// whose value is the newest it reads: g is read beyond the values known at
// the start only as far as main publishes.
func help[T valueType](g []T, split [2][]int, from int, snap [2][]uint32, ring []uint64, words int, main, helper *progress, stop *atomic.Bool) {
	for x := from; x < len(g); x++ {
		if !main.wait(x-pipelineLag, stop) {
			return
		}
		slot := x % pipelineLag
		b := ring[slot*words : (slot+1)*words]
		clear(b)
		for d, rare := range snap {
			for _, j := range split[d] {
				if m := x - j; m >= 2 {
					markRareBits(g, b, rare, m)
				}
			}
		}
		helper.publish(x)
	}
}

// markRareBits is markRare into a bitset.
func markRareBits[T valueType](g []T, b []uint64, rare []uint32, m int) {
	if len(rare) > 0 && int(rare[len(rare)-1]) >= m {
		k, _ := slices.BinarySearch(rare, uint32(m))
		rare = rare[:k]
	}
	for _, a := range rare {
		x := g[a] ^ g[m-int(a)]
		b[x>>6] |= 1 << (x & 63)
	}
}
