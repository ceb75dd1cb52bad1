package execute

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report/gonb"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// cacheVersion changes when the cached form or the key's recipe changes.
const cacheVersion = "grundy-execute-2"

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
// the module's Go sources, go.mod and go.sum.
func (e *Executor) cacheKey(root, dir, kernelID string, nb *notebook.Notebook) (string, error) {
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
		src, err := e.sourceDigest(root)
		if err != nil {
			return "", err
		}
		field("sources", src)
	}
	for _, c := range nb.Cells {
		if c.Type != notebook.Code {
			continue
		}
		field("skip", strconv.FormatBool(c.HasTag(SkipTag)))
		field("raises", strconv.FormatBool(c.HasTag(RaisesTag)))
		field("code", c.Source)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// sourceDigest returns a digest of the module's Go sources (test files
// aside, which no notebook can import), go.mod, go.sum and go.work, computed
// once per Executor.
func (e *Executor) sourceDigest(root string) (string, error) {
	e.mu.Lock()
	d, ok := e.sources[root]
	e.mu.Unlock()
	if ok {
		return d, nil
	}
	d, err := digestSources(root)
	if err != nil {
		return "", err
	}
	e.mu.Lock()
	if e.sources == nil {
		e.sources = map[string]string{}
	}
	e.sources[root] = d
	e.mu.Unlock()
	return d, nil
}

// digestSources hashes the relevant files under root, in lexical order,
// skipping hidden folders, testdata and nested modules.
func digestSources(root string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		relevant := strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
		if filepath.Dir(path) == root {
			relevant = relevant || name == "go.mod" || name == "go.sum" || name == "go.work"
		}
		if !relevant || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		return hashFile(h, filepath.ToSlash(rel), path)
	})
	if err != nil {
		return "", fmt.Errorf("digest the sources of %s: %w", root, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
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
