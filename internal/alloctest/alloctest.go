// Package alloctest measures what a piece of code allocates, for the tests
// that bound the memory a hostile input may cost, under pkg/ and cmd/
// alike:
//
//	if grown := alloctest.Allocated(func() { _, err = ReadFile(big) }); grown > 1<<20 {
//		t.Errorf("ReadFile allocated %d bytes", grown)
//	}
package alloctest

import "runtime"

// Allocated returns the bytes of heap allocated while f ran, freed or not
// (runtime.MemStats.TotalAlloc), by f and by whatever else ran meanwhile:
// a bound it meets holds for f.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
