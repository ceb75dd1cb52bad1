package site

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/textnotebook"
)

// ErrNoNotebooks is returned by Notebooks when a path holds no notebook.
var ErrNoNotebooks = errors.New("no notebooks")

// IndexName is the page name of the site index, which no notebook's page
// may take.
const IndexName = "index"

// MaxNameLen is the longest page name in bytes, so that the page's files
// folder, NAME_files, fits the 255 bytes a file name may have.
const MaxNameLen = 200

// Notebooks expands paths into the notebooks to render: a file is taken
// as it is if render reads its format (textnotebook.FormatOf), a folder
// gives its notebooks (textnotebook.IsNotebook; not those of its
// subfolders) in name order; a notebook named twice is rendered once,
// and a text notebook paired with an .ipynb of the same name is left
// out for it (textnotebook.Unpaired). It returns an error wrapping
// ErrNoNotebooks for a folder with none, and one wrapping
// textnotebook.ErrFormat, naming the formats render reads, for a file in
// another.
func Notebooks(paths []string) ([]string, error) {
	files, _, err := notebookFiles(paths)
	return files, err
}

// notebookFiles is Notebooks, also returning the text notebooks left out
// for their .ipynb, each with it.
func notebookFiles(paths []string) ([]string, [][2]string, error) {
	var out []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		if !info.IsDir() {
			if _, err := textnotebook.FormatOf(p); err != nil {
				return nil, nil, err
			}
			out = append(out, p)
			continue
		}
		// ReadDir rather than Glob: a folder's name may hold [, * or ?.
		entries, err := os.ReadDir(p)
		if err != nil {
			return nil, nil, err
		}
		n := len(out)
		for _, e := range entries {
			f := filepath.Join(p, e.Name())
			if info, err := os.Stat(f); err != nil || !info.Mode().IsRegular() {
				continue
			}
			ok, err := textnotebook.IsNotebook(f)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				out = append(out, f)
			}
		}
		if len(out) == n {
			return nil, nil, fmt.Errorf("%w in %s", ErrNoNotebooks, p)
		}
		slices.Sort(out[n:])
	}
	seen := map[string]bool{}
	out = slices.DeleteFunc(out, func(p string) bool {
		dup := seen[filepath.Clean(p)]
		seen[filepath.Clean(p)] = true
		return dup
	})
	kept, paired := textnotebook.Unpaired(out)
	return kept, paired, nil
}

// Name returns the base name of a notebook file: "notebooks/pe310.ipynb"
// gives "pe310".
func Name(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// PageNames returns the page name of each notebook in files, rendered
// together: its base name (see Name), unless that is taken. Names are
// compared without regard to case, as some file systems do. A name that
// is empty or starts with a dot (a hidden file) is prefixed with "_". The
// site index takes IndexName; notebooks sharing a base name, or named
// IndexName, are all told apart by the names of their folders
// ("d1/same.ipynb" gives "d1-same"), and where even those agree by a hash
// of their absolute path. The names depend only on the set of files, not
// their order, so the same notebooks always get the same pages. A
// backslash in a name becomes "_".
func PageNames(files []string) ([]string, error) {
	abs := make([]string, len(files))
	names := make([]string, len(files))
	for i, f := range files {
		a, err := filepath.Abs(f)
		if err != nil {
			return nil, err
		}
		abs[i] = a
		names[i] = fileSafe(Name(f))
	}
	// Qualify each group of clashing names by one more folder at a time.
	for depth := 1; ; depth++ {
		clash := clashes(names)
		if len(clash) == 0 {
			return names, nil
		}
		progress := false
		for i := range names {
			if !clash[i] {
				continue
			}
			if q, ok := qualified(abs[i], depth); ok {
				names[i] = q
				progress = true
			} else {
				names[i] = hashed(Name(abs[i]), abs[i])
			}
		}
		if !progress {
			break
		}
	}
	if clash := clashes(names); len(clash) > 0 {
		for i := range names {
			if clash[i] {
				return nil, fmt.Errorf("notebook %s: no page name of its own (%q is taken)", files[i], names[i])
			}
		}
	}
	return names, nil
}

// clashes reports which names are taken by another name or the index.
func clashes(names []string) map[int]bool {
	byKey := map[string][]int{}
	for i, n := range names {
		k := strings.ToLower(n)
		byKey[k] = append(byKey[k], i)
	}
	clash := map[int]bool{}
	for k, is := range byKey {
		if len(is) > 1 || k == IndexName {
			for _, i := range is {
				clash[i] = true
			}
		}
	}
	return clash
}

// qualified returns the base name of the notebook at abs prefixed with the
// names of depth of its folders, or false if it has fewer.
func qualified(abs string, depth int) (string, bool) {
	parts := []string{Name(abs)}
	dir := filepath.Dir(abs)
	for range depth {
		base := filepath.Base(dir)
		if base == dir || base == string(filepath.Separator) || base == "." {
			return "", false
		}
		parts = append([]string{base}, parts...)
		dir = filepath.Dir(dir)
	}
	name := fileSafe(strings.Join(parts, "-"))
	if len(name) > MaxNameLen {
		return "", false
	}
	return name, true
}

// hashed returns name with a short hash of abs, cut to MaxNameLen.
func hashed(name, abs string) string {
	sum := sha256.Sum256([]byte(abs))
	suffix := "-" + hex.EncodeToString(sum[:4])
	return fileSafe(truncate(name, MaxNameLen-len(suffix)) + suffix)
}

// fileSafe makes name a visible file name of at most MaxNameLen bytes,
// and a file name on every system: a backslash, which separates folders
// on Windows, becomes "_".
func fileSafe(name string) string {
	name = strings.ReplaceAll(name, `\`, "_")
	if name == "" || strings.HasPrefix(name, ".") {
		name = "_" + name
	}
	if len(name) > MaxNameLen {
		sum := sha256.Sum256([]byte(name))
		suffix := "-" + hex.EncodeToString(sum[:4])
		name = truncate(name, MaxNameLen-len(suffix)) + suffix
	}
	return name
}

// truncate cuts s to at most n bytes at a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// PageURL returns the address of the page named name relative to the
// index: the file name percent-encoded, so that "#", "?", "%", spaces and
// a colon (which would start a scheme) are taken literally by a browser.
func PageURL(name string) string {
	return strings.ReplaceAll(url.PathEscape(name+".html"), ":", "%3A")
}
