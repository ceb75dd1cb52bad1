package siteconf

import (
	"errors"
	"fmt"
	"io/fs"
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
// names any, read in that order in one folder. A myst.yml whose project
// names no bibliography takes, as mystmd does, every .bib file in its
// folder and the folders below it (ProjectBibFiles). dir is a
// slash-separated path in root, "." for root itself.
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
			files, named, w := projectBibliography(root, name, k.key)
			warnings = append(warnings, w...)
			if !named && k.file == MystFile {
				files, w = ProjectBibFiles(root, path.Dir(name))
				warnings = append(warnings, w...)
			}
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
// name, of root, names under key; named reports whether it has the key
// at all (a file it cannot read counts as naming one: its fault is
// warned of).
func projectBibliography(root *os.Root, name string, key []string) (files []string, named bool, warnings []string) {
	data, err := readBounded(root, name, MaxSize)
	if err != nil {
		return nil, true, []string{fmt.Sprintf("bibliography: %s: %v; left out", name, err)}
	}
	return parseBibliography(name, data, key)
}

// parseBibliography returns the bibliography files that data, the
// project file name, names under key, relative to the folder of name,
// and whether it has the key.
func parseBibliography(name string, data []byte, key []string) (files []string, named bool, warnings []string) {
	var v any
	if err := safeyaml.Unmarshal(data, MaxSize, &v); err != nil {
		return nil, true, []string{fmt.Sprintf("bibliography: %s: %v; left out", name, err)}
	}
	for _, k := range key {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false, nil
		}
		if v, ok = m[k]; !ok {
			return nil, false, nil
		}
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
	return files, true, warnings
}

// MaxBibWalk is the most entries ProjectBibFiles looks at in a project's
// folders; a larger tree is searched that far, with a warning.
const MaxBibWalk = 20000

// ProjectBibFiles returns the .bib files in the folder dir of root and in
// the folders below it, in the order fs.WalkDir visits them (lexical
// within each folder), relative to
// root: the bibliography of a MyST project whose myst.yml names none.
// Hidden files and folders and the folders mystmd writes to or installs
// into (_build, node_modules) are not searched, symbolic links are not
// followed, and at most MaxBibFiles files are returned from at most
// MaxBibWalk entries, with a warning when either bound cuts the search.
func ProjectBibFiles(root *os.Root, dir string) (files, warnings []string) {
	seen := 0
	errStop := errors.New("stop")
	err := fs.WalkDir(root.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder holds nothing to read
		}
		if seen++; seen > MaxBibWalk {
			warnings = append(warnings, fmt.Sprintf("bibliography: %s: more than %d files and folders; .bib files beyond them are not read", dir, MaxBibWalk))
			return errStop
		}
		base := d.Name()
		if p != dir && (strings.HasPrefix(base, ".") || d.IsDir() && (base == "_build" || base == "node_modules")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && strings.EqualFold(path.Ext(base), ".bib") {
			if len(files) == MaxBibFiles {
				warnings = append(warnings, fmt.Sprintf("bibliography: %s holds more than %d .bib files; the first %d are read", dir, MaxBibFiles, MaxBibFiles))
				return errStop
			}
			files = append(files, p)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		warnings = append(warnings, fmt.Sprintf("bibliography: %s: %v", dir, err))
	}
	return files, warnings
}
