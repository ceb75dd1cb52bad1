package report

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// viewLayers are the files of the package in the order of NewView's one
// pass, from the top down. A file calls functions of its own layer and
// of the layers below it only: the view reads a notebook's glue and
// metadata, then each cell (how it is shown, its Markdown with glue and
// attachments, its outputs, its figures), then the references between
// them, and each step hands its results down, never back up.
var viewLayers = [][]string{
	{"view.go", "project.go"},                // NewView: the pass, cell by cell; Join: a site's other pages
	{"meta.go", "metaimage.go", "fold.go"},   // the notebook's metadata and image; how a cell is shown and folded
	{"attach.go", "local.go"},                // a Markdown cell's attachments; files beside the notebook
	{"gluepaste.go"},                         // Markdown with glued values put where it quotes them
	{"gluefind.go"},                          // where Markdown quotes glued values
	{"outputs.go"},                           // a code cell's outputs, by preferred representation
	{"figures.go"},                           // SVG figures and formulas among the outputs
	{"figref.go", "panels.go"},               // figures: captions, numbers, references; subfigures, layout
	{"budget.go"},                            // Markdown a parser can afford
	{"glue.go", "shown.go"},                  // glued values; what tags and metadata say to show of a cell
	{"blocks.go", "builder.go"},              // a view, its blocks, and the builder's warnings and files
	{"ranges.go", "provenance.go", "doc.go"}, // where Markdown's code and prose lie; how a writeup was made
}

// TestViewLayers holds the package to viewLayers: every file has a
// layer, and no function calls (or takes as a value) a function or
// method of a file in a layer above its own. Each such call is a climb
// back up the pass, and is named.
func TestViewLayers(t *testing.T) {
	climbs, err := layerClimbs(".", viewLayers)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range climbs {
		t.Errorf("climb back up: %s", c)
	}
	t.Logf("%d climbs back up", len(climbs))
}

// layerClimbs type-checks the package in dir and returns the uses of its
// functions from a file in a lower layer than the file that defines
// them, one line for each caller and callee, sorted; or, if a file of
// the package has no layer or a layer names a file the package lacks,
// a line for each such file.
func layerClimbs(dir string, layers [][]string) ([]string, error) {
	layerOf := map[string]int{}
	for i, files := range layers {
		for _, f := range files {
			layerOf[f] = i
		}
	}
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	var missing []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		if _, ok := layerOf[filepath.Base(name)]; !ok {
			missing = append(missing, filepath.Base(name)+" has no layer")
		}
	}
	for f := range layerOf {
		if !slices.Contains(names, filepath.Join(dir, f)) {
			missing = append(missing, f+" is in a layer but not in the package")
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return missing, nil
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("report", fset, files, info); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var climbs []string
	for _, f := range files {
		from := filepath.Base(fset.Position(f.Pos()).Filename)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fd, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := info.Uses[id].(*types.Func)
				if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "report" || !fn.Pos().IsValid() {
					return true
				}
				to := filepath.Base(fset.Position(fn.Pos()).Filename)
				if layerOf[to] < layerOf[from] {
					c := from + " " + funcName(fd) + " -> " + to + " " + fn.Name()
					if !seen[c] {
						seen[c] = true
						climbs = append(climbs, c)
					}
				}
				return true
			})
		}
	}
	sort.Strings(climbs)
	return slices.Compact(climbs), nil
}

// funcName returns a function's name, with its receiver's type for a
// method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}
