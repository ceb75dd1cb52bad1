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

// BenchmarkImportDigest measures the digest of what notebooks import, in
// this module: nothing, the games package, and games with the plots.
func BenchmarkImportDigest(b *testing.B) {
	for _, bb := range []struct {
		name    string
		imports []string
	}{
		{"none", nil},
		{"games", []string{"github.com/grundylab/grundy/pkg/games"}},
		{"plot", []string{"github.com/grundylab/grundy/pkg/games", "github.com/grundylab/grundy/pkg/report/plot", "fmt"}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := importDigest(context.Background(), "../../../..", bb.imports); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
