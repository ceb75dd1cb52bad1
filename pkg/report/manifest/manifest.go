package manifest

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Name is the manifest's file name in a site's folder. It starts with a
// dot, as no file of a page does, so that it is never served.
const Name = ".render-manifest.json"

// MaxSize is the largest manifest Read accepts, in bytes.
const MaxSize = 64 << 20

// Version is the version of the manifest's format that this package
// writes and reads.
const Version = 1

// ErrInvalid is wrapped by Read's error for a manifest that is not one.
var ErrInvalid = errors.New("not a render manifest")

// A Manifest records what render wrote into a site's folder.
type Manifest struct {
	// Version is the format's version, Version.
	Version int `json:"version"`
	// Files maps each file render wrote, by its path relative to the
	// folder with '/' separators, to the hex SHA-256 sums of the
	// contents it wrote there: one once a write is done, two while one
	// is under way, so that a build killed between its steps leaves a
	// file the next one still knows.
	Files map[string][]string `json:"files"`
	// Pages maps each page name to its page.
	Pages map[string]Page `json:"pages"`
}

// A Page is one notebook's writeup in the site.
type Page struct {
	// Notebook is the notebook the page was made from, relative to the
	// site's folder where it can be, so that a checkout moved whole
	// keeps its pages.
	Notebook string `json:"notebook"`
	// Files are the paths of the page's files (its post, page, PDF and
	// the files of its files folder), as keys of Manifest.Files.
	Files []string `json:"files"`
}

// New returns an empty manifest.
func New() *Manifest {
	return &Manifest{Version: Version, Files: map[string][]string{}, Pages: map[string]Page{}}
}

// Read reads the manifest of the folder dir. A folder without one gives
// an empty manifest and an error wrapping fs.ErrNotExist, so that a caller
// can tell a new folder from a folder render has written into.
func Read(dir string) (*Manifest, error) {
	f, err := os.Open(filepath.Join(dir, Name))
	if err != nil {
		return New(), err
	}
	defer f.Close()
	return decode(f, filepath.Join(dir, Name))
}

// decode reads a manifest from r, named name in errors.
func decode(r io.Reader, name string) (*Manifest, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("manifest %s: %w", name, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("manifest %s: %w: larger than %d bytes", name, ErrInvalid, MaxSize)
	}
	m := New()
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("manifest %s: %w: %v", name, ErrInvalid, err)
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("manifest %s: %w: %v", name, ErrInvalid, err)
	}
	return m, nil
}

// check reports the first path or sum of m that a manifest render wrote
// cannot hold.
func (m *Manifest) check() error {
	if m.Version != Version {
		return fmt.Errorf("version %d, want %d", m.Version, Version)
	}
	if m.Files == nil {
		m.Files = map[string][]string{}
	}
	if m.Pages == nil {
		m.Pages = map[string]Page{}
	}
	for p, sums := range m.Files {
		if !ValidPath(p) {
			return fmt.Errorf("file %q is not a path inside the folder", p)
		}
		if len(sums) == 0 {
			return fmt.Errorf("file %q has no sum", p)
		}
		for _, s := range sums {
			if len(s) != 2*sha256.Size || strings.Trim(s, "0123456789abcdef") != "" {
				return fmt.Errorf("file %q: %q is not a SHA-256 sum", p, s)
			}
		}
	}
	for name, pg := range m.Pages {
		if !ValidPath(name) || strings.Contains(name, "/") {
			return fmt.Errorf("page %q is not a page name", name)
		}
		for _, f := range pg.Files {
			if _, ok := m.Files[f]; !ok {
				return fmt.Errorf("page %q: file %q is not in the manifest", name, f)
			}
		}
	}
	return nil
}

// ValidPath reports whether p can name a file render writes in a site's
// folder: relative, '/'-separated, without "." or ".." elements or
// hidden names (starting with a dot), and without backslashes.
func ValidPath(p string) bool {
	if !fs.ValidPath(p) || p == "." || strings.Contains(p, `\`) {
		return false
	}
	for part := range strings.SplitSeq(p, "/") {
		if strings.HasPrefix(part, ".") {
			return false
		}
	}
	return true
}

// Has reports whether render wrote the file at p, a '/'-separated path
// relative to the folder.
func (m *Manifest) Has(p string) bool {
	_, ok := m.Files[p]
	return ok
}

// Holds reports whether render wrote a file under the folder p.
func (m *Manifest) Holds(dir string) bool {
	prefix := dir + "/"
	for p := range m.Files {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// Wrote reports whether sum is the SHA-256 sum of a content render wrote
// at p.
func (m *Manifest) Wrote(p, sum string) bool {
	return slices.Contains(m.Files[p], sum)
}

// Write writes m into the folder dir as Name, atomically: through a
// temporary file renamed over the old manifest.
func (m *Manifest) Write(dir string) error {
	data, err := json.MarshalIndent(m, "", "\t")
	if err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	tmp := filepath.Join(dir, ".render-tmp-manifest-"+rand.Text())
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, Name)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("manifest: %w", err)
	}
	return nil
}

// Sum returns the hex SHA-256 sum of what r reads.
func Sum(r io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// SumBytes returns the hex SHA-256 sum of data.
func SumBytes(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}
