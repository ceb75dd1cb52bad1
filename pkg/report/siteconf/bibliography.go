package siteconf

import (
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

// BookFile is Jupyter Book's configuration, read for its bibliography
// only: its other keys are Sphinx's and Jekyll also names its settings
// _config.yml.
const BookFile = "_config.yml"

// MaxBibFiles is the most files a project's bibliography names; more
// are left out with a warning.
const MaxBibFiles = 16

// bibKeys are the project files that may name a bibliography, in the
// order one folder's are read, and where in each the list is.
var bibKeys = []struct {
	file string
	key  []string
}{
	{QuartoFile, []string{"bibliography"}},
	{MystFile, []string{"project", "bibliography"}},
	{BookFile, []string{"bibtex_bibfiles"}},
}

// Bibliography returns the bibliography that the project a folder lies
// in names for its documents, for a notebook whose front matter names
// none: the files named by the nearest of dir and its ancestors, up to
// root, whose _quarto.yml ("bibliography:"), myst.yml ("project:
// bibliography:") or _config.yml (Jupyter Book's "bibtex_bibfiles:")
// names any, read in that order in one folder. dir is a slash-separated
// path in root, "." for root itself.
//
// Each name is relative to the folder of the file that names it; the
// paths returned are relative to root, cleaned, and lie in that folder:
// a URL, an absolute path, a path with ".." or one that names a hidden
// file is left out with a warning, as is a project file that cannot be read
// (larger than MaxSize, not YAML). The files themselves are not opened:
// read them through root, which keeps symbolic links from leading out.
func Bibliography(root *os.Root, dir string) (files, warnings []string) {
	dir = path.Clean(dir)
	if path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../") {
		return nil, []string{fmt.Sprintf("bibliography: folder %q is not in the project's root", short(dir))}
	}
	for {
		for _, k := range bibKeys {
			name := path.Join(dir, k.file)
			info, err := root.Stat(name)
			if err != nil || !info.Mode().IsRegular() {
				continue
			}
			files, w := projectBibliography(root, name, k.key)
			warnings = append(warnings, w...)
			if len(files) > 0 {
				return files, warnings
			}
		}
		if dir == "." {
			return nil, warnings
		}
		dir = path.Dir(dir)
	}
}

// projectBibliography reads the bibliography files that the project file
// name, of root, names under key.
func projectBibliography(root *os.Root, name string, key []string) (files, warnings []string) {
	data, err := readBounded(root, name, MaxSize)
	if err != nil {
		return nil, []string{fmt.Sprintf("bibliography: %s: %v; left out", name, err)}
	}
	return parseBibliography(name, data, key)
}

// parseBibliography returns the bibliography files that data, the
// project file name, names under key, relative to the folder of name.
func parseBibliography(name string, data []byte, key []string) (files, warnings []string) {
	var v any
	if err := safeyaml.Unmarshal(data, MaxSize, &v); err != nil {
		return nil, []string{fmt.Sprintf("bibliography: %s: %v; left out", name, err)}
	}
	for _, k := range key {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil
		}
		v = m[k]
	}
	list, isList := v.([]any)
	if !isList {
		list = []any{v}
	}
	where := name + ": " + strings.Join(key, ".")
	if len(list) > MaxBibFiles {
		warnings = append(warnings, fmt.Sprintf("bibliography: %s names %d files; the first %d are read", where, len(list), MaxBibFiles))
		list = list[:MaxBibFiles]
	}
	r := &reader{s: &Settings{}}
	for _, e := range list {
		if e == nil {
			continue
		}
		p := r.file(where, e)
		if p == "" {
			continue
		}
		// Relative to the project file's folder, which p cannot leave.
		files = append(files, path.Join(path.Dir(name), p))
	}
	for _, w := range r.warnings {
		warnings = append(warnings, "bibliography: "+w)
	}
	return files, warnings
}
