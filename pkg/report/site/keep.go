package site

import (
	"cmp"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/manifest"
)

// Errors for an output folder a build does not write into, and for a file
// in the way of one it writes.
var (
	// ErrForeignFiles is wrapped by Build's error for a Dir that holds
	// files render did not write, unless Shared is set.
	ErrForeignFiles = errors.New("the output folder holds files render did not write")
	// ErrNotebooksFolder is wrapped by Build's error for a Dir that is
	// the folder of a notebook being rendered, unless Shared is set.
	ErrNotebooksFolder = errors.New("the output folder is the notebooks' own folder")
	// ErrNotOwned is wrapped by the error for a file that a page, its
	// post or the index would replace but that render did not write (or
	// that was changed since): it is left as it is, and so is the page.
	ErrNotOwned = errors.New("render did not write it")
)

// A keeper writes into the site's folder only what render owns: files
// that are not there, and files the manifest records with their present
// content. Every change goes through the folder's os.Root, so that no
// path or symbolic link leads out of it.
type keeper struct {
	root *os.Root
	dir  string
	m    *manifest.Manifest
	// fresh reports that the folder had no manifest.
	fresh bool
	warn  func(format string, args ...any)
}

// openKeeper opens the folder dir and reads its manifest.
func openKeeper(dir string, warn func(string, ...any)) (*keeper, error) {
	m, err := manifest.Read(dir)
	fresh := errors.Is(err, fs.ErrNotExist)
	if err != nil && !fresh {
		return nil, fmt.Errorf("%w (remove the folder, or the manifest, and render again)", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	return &keeper{root: root, dir: dir, m: m, fresh: fresh, warn: warn}, nil
}

func (k *keeper) close() { k.root.Close() }

// save writes the manifest.
func (k *keeper) save() error { return k.m.Write(k.dir) }

// foreign returns up to limit files of the folder that render did not
// write, leaving out hidden ones (a build's temporary files, the
// manifest, a .git of the user's) and folders.
func (k *keeper) foreign(limit int) []string {
	var out []string
	_ = fs.WalkDir(k.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case p == ".":
			return err
		case strings.HasPrefix(d.Name(), "."):
			if d.IsDir() {
				return fs.SkipDir
			}
		case err != nil || !d.IsDir() && !k.m.Has(p):
			out = append(out, p)
			if len(out) >= limit {
				return fs.SkipAll
			}
		}
		return nil
	})
	return out
}

// owned reports whether render may replace or remove the file at p: it is
// not there (sum is ""), or the manifest records its present content, of
// SHA-256 sum sum.
func (k *keeper) owned(p string) (sum string, ok bool, err error) {
	info, err := k.root.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return "", true, nil
	}
	if err != nil {
		return "", false, err
	}
	if !info.Mode().IsRegular() || !k.m.Has(p) {
		return "-", false, nil
	}
	f, err := k.root.Open(p)
	if err != nil {
		return "-", false, err
	}
	defer f.Close()
	if sum, err = manifest.Sum(f); err != nil {
		return "-", false, err
	}
	return sum, k.m.Wrote(p, sum), nil
}

// notOwned returns the error for a file render may not replace.
func (k *keeper) notOwned(p string) error {
	return fmt.Errorf("%s: %w, or it was changed since (move it away to let render write there)", filepath.Join(k.dir, filepath.FromSlash(p)), ErrNotOwned)
}

// A move puts a file written in a temporary folder in its place.
type move struct {
	from, to string // paths in the root, '/'-separated
	sum      string // the SHA-256 sum of the content
}

// record adds what the moves will write to the manifest, keeping the sums
// already there, and saves it: from then on both the old and the new
// content of each file are render's, whichever a killed build left.
func (k *keeper) record(moves []move) error {
	for _, mv := range moves {
		if !k.m.Wrote(mv.to, mv.sum) {
			k.m.Files[mv.to] = append(k.m.Files[mv.to], mv.sum)
		}
	}
	return k.save()
}

// check returns an error for the first move whose target render may not
// replace. With named, the files are named by their content: a move whose
// target holds it already is dropped.
func (k *keeper) check(moves []move, named bool) ([]move, error) {
	out := moves[:0]
	for _, mv := range moves {
		sum, ok, err := k.owned(mv.to)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, k.notOwned(mv.to)
		}
		if named && sum == mv.sum {
			continue
		}
		out = append(out, mv)
	}
	return out, nil
}

// place renames each move's file into place, making its folder.
func (k *keeper) place(moves []move) error {
	for _, mv := range moves {
		if d := path.Dir(mv.to); d != "." {
			if err := k.root.MkdirAll(d, 0o755); err != nil {
				return err
			}
		}
		if err := k.root.Rename(mv.from, mv.to); err != nil {
			return err
		}
	}
	return nil
}

// settle records that each file of keep holds its one content now.
func (k *keeper) settle(keep map[string]string) {
	for p, sum := range keep {
		k.m.Files[p] = []string{sum}
	}
}

// remove removes the files at paths that render owns and forgets them, and
// then the folders they leave empty. A file changed since render wrote it
// is the user's now: it stays, with a warning, and is forgotten.
func (k *keeper) remove(paths []string) {
	dirs := map[string]bool{}
	for _, p := range paths {
		sum, ok, err := k.owned(p)
		switch {
		case err != nil:
			k.warn("cannot remove %s: %v", filepath.Join(k.dir, filepath.FromSlash(p)), err)
			continue // still render's, for the next build
		case !ok:
			k.warn("leaving %s: it was changed since render wrote it", filepath.Join(k.dir, filepath.FromSlash(p)))
		case sum != "":
			if err := k.root.Remove(p); err != nil {
				k.warn("cannot remove %s: %v", filepath.Join(k.dir, filepath.FromSlash(p)), err)
				continue
			}
		}
		delete(k.m.Files, p)
		if d := path.Dir(p); d != "." {
			dirs[d] = true
		}
	}
	// Deepest first; Remove leaves a folder that is not empty.
	for _, d := range slices.SortedFunc(maps.Keys(dirs), func(a, b string) int { return cmp.Compare(len(b), len(a)) }) {
		if !k.m.Holds(d) {
			k.root.Remove(d)
		}
	}
}

// writeFile writes data to the file at p, which render must own, through
// a temporary file renamed into place, and records it.
func (k *keeper) writeFile(p string, data []byte) error {
	tmp := tmpPrefix + rand.Text()
	if err := k.root.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	defer k.root.Remove(tmp) // nothing left after the rename
	sum := manifest.SumBytes(data)
	moves, err := k.check([]move{{from: tmp, to: p, sum: sum}}, true)
	if err != nil {
		return err
	}
	if len(moves) == 0 { // the same content is there
		if len(k.m.Files[p]) == 1 {
			return nil
		}
		k.settle(map[string]string{p: sum})
		return k.save()
	}
	if err := k.record(moves); err != nil {
		return err
	}
	if err := k.place(moves); err != nil {
		return err
	}
	k.settle(map[string]string{p: sum})
	return k.save()
}
