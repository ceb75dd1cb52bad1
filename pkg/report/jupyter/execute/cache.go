package execute

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
)

// cacheVersion changes when the cached form or the key's recipe changes.
const cacheVersion = "grundy-execute-5"

// keepPerNotebook is how many results the cache keeps for one notebook
// (for example for several parameter values).
const keepPerNotebook = 8

// cacheDir returns the folder of cached results.
func (e *Executor) cacheDir() (string, error) {
	if e.CacheDir != "" {
		return e.CacheDir, nil
	}
	dir, err := gonb.DefaultCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "execute"), nil
}

// cacheKey digests what determines a notebook's outputs: the code cells
// (after parameter injection) and their execution tags, the kernel and its
// version, the settings that change results (errors allowed, the cell
// timeout, the output limit), the notebook's folder within the module, and
// for a Go notebook the Go packages the code cells import with their
// dependencies (see importsDigest). Nothing else of the module counts:
// editing a package no notebook imports reruns nothing.
func (e *Executor) cacheKey(ctx context.Context, root, dir, kernelID string, nb *notebook.Notebook, choice kernelChoice) (string, error) {
	h := sha256.New()
	field := func(name, value string) {
		fmt.Fprintf(h, "%s %d\n%s\n", name, len(value), value)
	}
	field("version", cacheVersion)
	field("kernel", kernelID)
	field("allow-errors", strconv.FormatBool(e.AllowErrors))
	// A result cached from a run whose cell timed out, or whose output was
	// cut, must not stand for a run with a longer timeout or a higher limit.
	field("cell-timeout", e.cellTimeout().String())
	field("max-output", strconv.Itoa(e.maxOutput()))
	if root != "" {
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return "", err
		}
		field("folder", filepath.ToSlash(rel))
	}
	for _, c := range nb.Cells {
		if c.Type != notebook.Code {
			continue
		}
		// The code holds the option lines too; what the tags say counts
		// as well.
		field("skip", strconv.FormatBool(c.HasTag(SkipTag)))
		field("eval", strconv.FormatBool(runnable(c, choice.language)))
		field("raises", strconv.FormatBool(asked(choice.language, c).Error))
		field("code", c.Source)
	}
	d, err := e.importsDigest(ctx, root, notebookImports(nb, choice))
	if err != nil {
		return "", err
	}
	field("imports", d)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// notebookImports returns the import paths of the code cells of a Go
// notebook that run, sorted, each once; none for another language.
func notebookImports(nb *notebook.Notebook, choice kernelChoice) []string {
	if !choice.isGo() {
		return nil
	}
	var imports []string
	for _, c := range nb.Cells {
		if runnable(c, choice.language) {
			imports = append(imports, cellImports(c.Source)...)
		}
	}
	slices.Sort(imports)
	return slices.Compact(imports)
}

// importsDigest returns importDigest for the module and imports, computed
// once per Executor.
func (e *Executor) importsDigest(ctx context.Context, root string, imports []string) (string, error) {
	memo := root + "\x00" + strings.Join(imports, "\x00")
	return e.remember(&e.digests, memo, func() (string, error) { return importDigest(ctx, root, imports) })
}

// remember returns the value *m holds under key or, when it holds none,
// the value compute returns, which it keeps there. The lock guards the
// map, not compute, so that a slow computation holds no other run up;
// two runs may then compute the same value, and either is kept.
func (e *Executor) remember(m *map[string]string, key string, compute func() (string, error)) (string, error) {
	e.mu.Lock()
	v, ok := (*m)[key]
	e.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := compute()
	if err != nil {
		return "", err
	}
	e.mu.Lock()
	if *m == nil {
		*m = map[string]string{}
	}
	(*m)[key] = v
	e.mu.Unlock()
	return v, nil
}

func hashFile(h hash.Hash, name, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "file %d %s %d\n", len(name), name, fi.Size())
	_, err = io.Copy(h, f)
	return err
}

// entryDir returns the cache folder of one notebook's results.
func entryDir(cache, path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(cache, hex.EncodeToString(sum[:8]))
}

// loadCached returns nb with the outputs of the cached result for key, or
// nil when there is none or it does not fit nb's code cells.
func loadCached(cache, path, key string, nb *notebook.Notebook) *notebook.Notebook {
	file := filepath.Join(entryDir(cache, path), key+".ipynb")
	cached, err := notebook.ReadFile(file)
	if err != nil {
		return nil
	}
	code := func(n *notebook.Notebook) []*notebook.Cell {
		var cells []*notebook.Cell
		for _, c := range n.Cells {
			if c.Type == notebook.Code {
				cells = append(cells, c)
			}
		}
		return cells
	}
	have, want := code(cached), code(nb)
	if len(have) != len(want) {
		return nil
	}
	out := nb.Clone()
	i := 0
	for _, c := range out.Cells {
		if c.Type != notebook.Code {
			continue
		}
		if have[i].Source != c.Source {
			return nil
		}
		c.Outputs, c.ExecutionCount = have[i].Outputs, have[i].ExecutionCount
		i++
	}
	if run, ok := cached.Metadata[runrecord.Key]; ok {
		out.Metadata[runrecord.Key] = run
	}
	// Mark the entry as recently used, for pruning.
	now := time.Now()
	os.Chtimes(file, now, now)
	return out
}

// storeCached writes the executed notebook under key and prunes the
// notebook's oldest results beyond keepPerNotebook.
func storeCached(cache, path, key string, nb *notebook.Notebook) error {
	dir := entryDir(cache, path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := notebook.WriteFile(filepath.Join(dir, key+".ipynb"), nb); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	type entry struct {
		name string
		mod  int64
	}
	var files []entry
	for _, de := range entries {
		if !strings.HasSuffix(de.Name(), ".ipynb") || strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if fi, err := de.Info(); err == nil {
			files = append(files, entry{de.Name(), fi.ModTime().UnixNano()})
		}
	}
	slices.SortFunc(files, func(a, b entry) int { return cmp.Compare(b.mod, a.mod) })
	for _, f := range files[min(len(files), keepPerNotebook):] {
		if f.name != key+".ipynb" {
			os.Remove(filepath.Join(dir, f.name))
		}
	}
	return nil
}

// Forget drops what the Executor has learnt of the Go modules (the module
// of each folder, the digests of the packages notebooks import), so that
// the next Execute sees the packages as they are now, edited or not: a
// long-lived Executor, such as render -serve keeps, calls it before each
// round of runs. The kernels it provisioned stay.
func (e *Executor) Forget() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.digests = nil
	e.modules = nil
}
