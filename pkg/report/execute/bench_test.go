package execute

import (
	"context"
	"fmt"
	"strconv"
	"testing"
)

// BenchmarkExecuteCached measures a re-run with nothing changed: parameter
// injection, the cache key and reading the cached result.
func BenchmarkExecuteCached(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			x := fakeExecutor(b, nil)
			x.CacheDir = b.TempDir()
			nb := newNotebook()
			for i := range n {
				nb.Cells = append(nb.Cells, markdown(fmt.Sprintf("text %d", i)), code(fmt.Sprintf("print %d", i)))
			}
			path := b.TempDir() + "/nb.ipynb"
			if _, err := x.Execute(context.Background(), path, nb); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := x.Execute(context.Background(), path, nb); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDigestSources(b *testing.B) {
	for b.Loop() {
		if _, err := digestSources("../../.."); err != nil {
			b.Fatal(err)
		}
	}
}
