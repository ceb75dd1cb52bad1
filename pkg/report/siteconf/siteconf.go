package siteconf

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"golang.org/x/net/idna"
)

// The settings files Load looks for, in the order it prefers them.
const (
	RenderFile = "_render.yml"
	QuartoFile = "_quarto.yml"
	MystFile   = "myst.yml"
)

// Files are the settings files Load reads, in the order it prefers them.
var Files = []string{RenderFile, QuartoFile, MystFile}

// Bounds on what a settings file may hold.
const (
	// MaxSize is the largest settings file read, in bytes; quarto-web's
	// own _quarto.yml, a large one, is about 30 kB.
	MaxSize = 256 << 10
	// MaxStylesheets is the most bytes of stylesheets a site ships.
	MaxStylesheets = 1 << 20
	// MaxText is the longest title or author kept, in bytes; longer ones
	// are cut with a warning.
	MaxText = 300
	// MaxDescription is the longest description kept, in bytes.
	MaxDescription = 2000
	// MaxPages is the most page files an order lists.
	MaxPages = 10000
)

// ErrInvalid is wrapped by the error for a value that is refused
// outright: a site URL that is not an absolute http or https URL, an
// order that is not date, name or a list.
var ErrInvalid = errors.New("invalid setting")

// Order says how the index, and the links between pages, order the pages.
type Order int

const (
	// ByName orders pages by their file names.
	ByName Order = iota
	// ByDate orders pages by date, newest first (a blog), then by name.
	ByDate
	// Listed orders pages as Settings.Pages lists their notebooks (a
	// course); those it does not list follow, by name.
	Listed
)

// String returns the order as ParseOrder reads it: "name", "date" or
// "list".
func (o Order) String() string {
	switch o {
	case ByDate:
		return "date"
	case Listed:
		return "list"
	}
	return "name"
}

// ParseOrder reads "name" or "date", as -order and _render.yml's order
// give them.
func ParseOrder(s string) (Order, error) {
	switch strings.TrimSpace(s) {
	case "name":
		return ByName, nil
	case "date":
		return ByDate, nil
	}
	return ByName, fmt.Errorf("order %q: %w: want date or name (or, in %s, a list of notebooks)", short(s), ErrInvalid, RenderFile)
}

// Settings are a site's settings. The zero value is a site with none:
// pages by name, no feed, no stylesheet.
type Settings struct {
	// File is the settings file read, "" if none.
	File string
	// Dir is the folder the paths below are relative to: the settings
	// file's.
	Dir string
	// Title is the site's title, plain text.
	Title string
	// Authors are the site's authors, plain text: those of a page that
	// names none.
	Authors []string
	// URL is the absolute http or https URL of the site's folder, ending
	// in "/"; "" for none.
	URL string
	// Description says what the site is about, plain text.
	Description string
	// Order orders the index and the links between pages.
	Order Order
	// Pages are the notebooks of a Listed order, as '/'-separated paths
	// relative to Dir, in order.
	Pages []string
	// Stylesheets are the stylesheet files, as '/'-separated paths
	// relative to Dir.
	Stylesheets []string
	// Book holds the files of a Quarto book (_quarto.yml's project of
	// type book), in the book's order, which Pages follows too; nil for
	// a site that is no book.
	Book []Chapter
	// Metadata holds the keys of a _quarto.yml that are metadata of each
	// document of its project, a book's chapters or a website's pages,
	// which render reads there: crossref and language, as the file gives
	// them (package authoring reads them, as Crossref.Read); nil for none.
	Metadata map[string]any
}

// Load reads the settings file of the folder dir: the first of Files
// there. A folder with none gives empty settings (with Dir set). The
// warnings name what was left out; the error, a file that cannot be read
// or is refused.
func Load(dir string) (*Settings, []string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("site settings: %w", err)
	}
	defer root.Close()
	var found []string
	for _, name := range Files {
		if info, err := root.Stat(name); err == nil && info.Mode().IsRegular() {
			found = append(found, name)
		}
	}
	if len(found) == 0 {
		return &Settings{Dir: dir}, nil, nil
	}
	file := filepath.Join(dir, found[0])
	data, err := readBounded(root, found[0], MaxSize)
	if err != nil {
		return nil, nil, fmt.Errorf("site settings %s: %w", file, err)
	}
	s, warnings, err := Parse(found[0], data)
	if err != nil {
		return nil, nil, fmt.Errorf("site settings %s: %w", file, err)
	}
	s.File, s.Dir = file, dir
	for i := range warnings {
		warnings[i] = "site settings " + file + ": " + warnings[i]
	}
	if len(found) > 1 {
		warnings = append(warnings, fmt.Sprintf("site settings: %s is read; %s not", file, strings.Join(found[1:], " and ")))
	}
	return s, warnings, nil
}

// ErrTooLarge is wrapped by the error for a settings file over MaxSize,
// or stylesheets over MaxStylesheets; it is safeyaml's, which Parse's
// error wraps for YAML over MaxSize.
var ErrTooLarge = safeyaml.ErrTooLarge

// readBounded reads the regular file name of root, refusing one larger
// than limit bytes.
func readBounded(root *os.Root, name string, limit int64) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := boundedfile.ReadRegular(f, limit)
	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, fmt.Errorf("%w: %w", ErrTooLarge, e)
	}
	return data, err
}

// Parse reads the settings file named name (one of Files, by its base
// name) from data. The warnings name keys and values left out.
func Parse(name string, data []byte) (*Settings, []string, error) {
	var doc map[string]any
	if err := safeyaml.Unmarshal(data, MaxSize, &doc); err != nil {
		return nil, nil, err
	}
	r := &reader{s: &Settings{}}
	switch filepath.Base(name) {
	case RenderFile:
		r.render(doc)
	case QuartoFile:
		r.quarto(doc)
	case MystFile:
		r.myst(doc)
	default:
		return nil, nil, fmt.Errorf("%q: %w: a settings file is one of %s", name, ErrInvalid, strings.Join(Files, ", "))
	}
	if r.err != nil {
		return nil, nil, r.err
	}
	if len(r.unused) > 0 {
		const shown = 10
		list := strings.Join(r.unused[:min(len(r.unused), shown)], ", ")
		if len(r.unused) > shown {
			list += fmt.Sprintf(" and %d more", len(r.unused)-shown)
		}
		r.warnf("render does not use %s", list)
	}
	return r.s, r.warnings, nil
}

// A reader gathers settings from a decoded file.
type reader struct {
	s        *Settings
	warnings []string
	unused   []string // keys render does not read, as a.b.c
	err      error    // the first value refused outright
	// chapterSeen are the files of a book's chapters read so far.
	chapterSeen map[string]bool
}

func (r *reader) warnf(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

// fields returns v as a mapping, with a warning naming key if it is
// something else.
func (r *reader) fields(key string, v any) map[string]any {
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		r.warnf("%s: not a mapping; left out", key)
	}
	return m
}

// unread records the keys of m, under prefix, that are not in read.
func (r *reader) unread(prefix string, m map[string]any, read ...string) {
	for k := range m {
		if !slices.Contains(read, k) {
			r.unused = append(r.unused, short(prefix+k))
		}
	}
	slices.Sort(r.unused)
}

// text sets *dst to the plain text of v, one line of at most max bytes.
func (r *reader) text(key string, v any, max int, dst *string) {
	if v == nil {
		return
	}
	s, ok := scalar(v)
	if !ok {
		r.warnf("%s: not text; left out", key)
		return
	}
	line := oneLine(s)
	if len(line) > max {
		r.warnf("%s: longer than %d bytes; cut", key, max)
		line = cut(line, max)
	}
	*dst = line
}

// authors sets the site's authors from v: a name, a list of names, or of
// mappings with a name (as Quarto's and MyST's author fields have them).
func (r *reader) authors(key string, v any) {
	var list []any
	switch v := v.(type) {
	case nil:
		return
	case []any:
		list = v
	default:
		list = []any{v}
	}
	for i, a := range list {
		if m, ok := a.(map[string]any); ok {
			a = m["name"]
			if n, ok := a.(map[string]any); ok { // MyST's {name: {given, family}}
				a = strings.TrimSpace(fmt.Sprint(textOr(n["given"]), " ", textOr(n["family"])))
				if a == "" {
					a = n["literal"]
				}
			}
		}
		var name string
		r.text(fmt.Sprintf("%s[%d]", key, i), a, MaxText, &name)
		if name != "" && len(r.s.Authors) < 100 {
			r.s.Authors = append(r.s.Authors, name)
		}
	}
}

// siteURL sets the site's URL, refusing one that is not an absolute http
// or https URL of a folder.
func (r *reader) siteURL(key string, v any) {
	var raw string
	r.text(key, v, 2000, &raw)
	if raw == "" || r.err != nil {
		return
	}
	u, err := ParseURL(raw)
	if err != nil {
		r.err = fmt.Errorf("%s: %w", key, err)
		return
	}
	r.s.URL = u
}

// ParseURL returns the site URL s with a "/" at its end, or an error
// wrapping ErrInvalid for one that is not an absolute http or https URL
// with a host, or that has a user, a query or a fragment.
func ParseURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	switch {
	case err != nil:
		return "", fmt.Errorf("site URL %q: %w: not a URL", short(s), ErrInvalid)
	case u.Scheme != "http" && u.Scheme != "https":
		return "", fmt.Errorf("site URL %q: %w: want an http or https URL", short(s), ErrInvalid)
	case u.Host == "" || u.Opaque != "":
		return "", fmt.Errorf("site URL %q: %w: no host", short(s), ErrInvalid)
	case u.User != nil || u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", fmt.Errorf("site URL %q: %w: a site URL has no user, query or fragment", short(s), ErrInvalid)
	}
	// A host in Unicode is written as DNS has it (punycode), which every
	// feed reader and card scraper takes.
	if host := u.Hostname(); net.ParseIP(host) == nil {
		ascii, err := idna.Lookup.ToASCII(host)
		if err != nil {
			return "", fmt.Errorf("site URL %q: %w: host %q: %w", short(s), ErrInvalid, short(host), err)
		}
		u.Host = ascii
		if port := u.Port(); port != "" {
			u.Host += ":" + port
		}
	}
	out := u.String()
	if !strings.HasSuffix(out, "/") {
		out += "/"
	}
	return out, nil
}

// file returns the path v names relative to the settings' folder, or ""
// with a warning when it names none there: a URL, an absolute path, a
// path with "..", or a hidden file.
func (r *reader) file(key string, v any) string {
	s, ok := scalar(v)
	if !ok {
		r.warnf("%s: not a file name; left out", key)
		return ""
	}
	p := strings.TrimSpace(s)
	switch {
	case p == "":
		return ""
	case strings.Contains(p, "://") || strings.HasPrefix(p, "//"):
		r.warnf("%s %q: not a file in the folder (render ships only local files); left out", key, short(p))
		return ""
	case strings.ContainsAny(p, "\\\x00") || path.IsAbs(p) || !filepath.IsLocal(path.Clean(p)):
		r.warnf("%s %q: outside the settings' folder; left out", key, short(p))
		return ""
	}
	p = path.Clean(p)
	for part := range strings.SplitSeq(p, "/") {
		if strings.HasPrefix(part, ".") {
			r.warnf("%s %q: a hidden file; left out", key, short(p))
			return ""
		}
	}
	return p
}

// stylesheets adds the stylesheets v names: a file or a list of files.
func (r *reader) stylesheets(key string, v any) {
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	for i, e := range list {
		k := key
		if ok {
			k = fmt.Sprintf("%s[%d]", key, i)
		}
		if p := r.file(k, e); p != "" && len(r.s.Stylesheets) < 100 {
			r.s.Stylesheets = append(r.s.Stylesheets, p)
		}
	}
}

// page adds the notebook file v names to the order, once.
func (r *reader) page(key string, v any) {
	if len(r.s.Pages) >= MaxPages {
		return
	}
	if p := r.file(key, v); p != "" && !slices.Contains(r.s.Pages, p) {
		r.s.Pages = append(r.s.Pages, p)
		r.s.Order = Listed
	}
}

// ReadStylesheets returns the settings' stylesheets joined in order, read
// through an os.Root of Dir so that no path or symbolic link leads out of
// it; nil when there are none. More than MaxStylesheets bytes in all, or
// a file that cannot be read, is an error naming it.
func (s *Settings) ReadStylesheets() ([]byte, error) {
	if len(s.Stylesheets) == 0 {
		return nil, nil
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("stylesheets: %w", err)
	}
	defer root.Close()
	var out []byte
	for _, p := range s.Stylesheets {
		data, err := readBounded(root, filepath.FromSlash(p), int64(MaxStylesheets-len(out)))
		if err != nil {
			if errors.Is(err, ErrTooLarge) {
				err = fmt.Errorf("%w: the stylesheets pass %d bytes", ErrTooLarge, MaxStylesheets)
			}
			return nil, fmt.Errorf("stylesheet %s: %w", filepath.Join(s.Dir, filepath.FromSlash(p)), err)
		}
		if !utf8.Valid(data) {
			return nil, fmt.Errorf("stylesheet %s: %w: not UTF-8 text", filepath.Join(s.Dir, filepath.FromSlash(p)), fs.ErrInvalid)
		}
		out = append(out, data...)
		out = append(out, '\n')
	}
	return out, nil
}

// scalar returns a YAML scalar as text.
func scalar(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case int, int64, uint64, float64, bool:
		return fmt.Sprint(v), true
	}
	return "", false
}

// textOr returns a scalar as text, "" for anything else.
func textOr(v any) string {
	s, _ := scalar(v)
	return s
}

// oneLine returns s as one line of plain text: runs of spaces and line
// breaks made one space, other control and format characters dropped.
func oneLine(s string) string {
	var b strings.Builder
	space := false
	for _, c := range s {
		switch {
		case unicode.IsSpace(c):
			space = b.Len() > 0
			continue
		case unicode.IsControl(c) || unicode.Is(unicode.Cf, c) || c == utf8.RuneError:
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(c)
	}
	return b.String()
}

// cut returns s cut to at most max bytes at a rune boundary.
func cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}

// short returns s cut for a message.
func short(s string) string {
	if len(s) <= 80 {
		return s
	}
	return cut(s, 80) + "…"
}
