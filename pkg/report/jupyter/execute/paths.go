package execute

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A pathScrubber keeps the machine's folders out of what a notebook's run
// publishes: stack traces, compiler messages and printed paths would show
// where the project is checked out and the user's name. It writes a path
// inside the Go module (the checkout) relative to the notebook's folder,
// as "../pkg/games/mex.go" or ".", and one inside the home folder as
// "~/...".
type pathScrubber struct {
	folders []scrubbed // folders are absolute, longest first.
}

// scrubbed is a folder a pathScrubber replaces.
type scrubbed struct {
	from string // from is the folder, as it appears in text.
	to   string // to replaces it, when base is empty.
	// base is the notebook's folder written under from, when paths under
	// from are written relative to it.
	base string
}

// newPathScrubber returns the scrubber for a notebook in the folder dir of
// the module at root ("" for none), with the user's home folder home.
// Each folder is replaced as given and with its links resolved.
func newPathScrubber(root, dir, home string) *pathScrubber {
	s := &pathScrubber{}
	add := func(path string, f scrubbed) {
		for _, p := range []string{path, realPath(path)} {
			p = strings.TrimRight(p, string(filepath.Separator))
			// The root folder, or a relative one, would match everywhere.
			if p == "" || !filepath.IsAbs(p) || filepath.Dir(p) == p ||
				slices.ContainsFunc(s.folders, func(g scrubbed) bool { return g.from == p }) {
				continue
			}
			f.from = p
			if f.base != "" {
				f.base = filepath.Join(p, f.base)
			}
			s.folders = append(s.folders, f)
		}
	}
	if root != "" {
		if rel, err := filepath.Rel(root, dir); err == nil {
			add(root, scrubbed{base: rel})
		}
	}
	if home != "" {
		add(home, scrubbed{to: "~"})
	}
	// Longer folders first: the module may be inside the home folder.
	slices.SortStableFunc(s.folders, func(a, b scrubbed) int { return len(b.from) - len(a.from) })
	return s
}

// realPath returns path with its links resolved, or path.
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return path
}

// isNameByte reports whether b can be part of a file name next to a path
// found in text, so that /home/ann does not match in /home/anne or in
// /x/home/ann.
func isNameByte(b byte) bool {
	return b == '.' || b == '_' || b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// text returns t with each folder of the scrubber, where it stands as a
// whole path or at the start of one, replaced.
func (s *pathScrubber) text(t string) string {
	for _, f := range s.folders {
		if !strings.Contains(t, f.from) {
			continue
		}
		var b strings.Builder
		done := 0 // t[:done] is written
		for at := 0; ; {
			j := strings.Index(t[at:], f.from)
			if j < 0 {
				break
			}
			j += at
			end := j + len(f.from)
			at = end
			before := j == 0 || !isNameByte(t[j-1]) && t[j-1] != '/' || strings.HasSuffix(t[:j], "://")
			if !before || end < len(t) && isNameByte(t[end]) {
				continue
			}
			b.WriteString(t[done:j])
			if f.base == "" {
				b.WriteString(f.to)
			} else {
				for end < len(t) && (isNameByte(t[end]) || t[end] == '/') {
					end++
				}
				b.WriteString(relativeTo(f.base, t[j:end]))
			}
			done, at = end, end
		}
		b.WriteString(t[done:])
		t = b.String()
	}
	return t
}

// relativeTo returns path relative to the folder base, keeping a final
// slash.
func relativeTo(base, path string) string {
	rel, err := filepath.Rel(base, path)
	if err != nil {
		return path
	}
	rel = filepath.ToSlash(rel)
	if strings.HasSuffix(path, "/") {
		rel += "/"
	}
	return rel
}

// notebook scrubs the text of every output of the notebook's code cells:
// streams, errors, and the textual data of displays and results.
func (s *pathScrubber) notebook(nb *notebook.Notebook) {
	if len(s.folders) == 0 {
		return
	}
	for _, c := range nb.Cells {
		if c.Type != notebook.Code {
			continue
		}
		for _, o := range c.Outputs {
			o.Text = s.text(o.Text)
			o.EName, o.EValue = s.text(o.EName), s.text(o.EValue)
			for i, line := range o.Traceback {
				o.Traceback[i] = s.text(line)
			}
			for mime := range o.Data {
				if !strings.HasPrefix(mime, "text/") && mime != "image/svg+xml" {
					continue
				}
				if v, ok := o.Data.Text(mime); ok {
					if w := s.text(v); w != v {
						o.Data.SetText(mime, w)
					}
				}
			}
		}
	}
}

// userHome returns the user's home folder, or "" when there is none.
func userHome() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return home
}
