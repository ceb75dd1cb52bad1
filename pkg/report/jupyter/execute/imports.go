package execute

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"hash"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// cellImports returns the import paths of a GoNB cell: the imports of the
// Go declarations before any "%%" line, special command lines ("%" and
// "!") aside. A cell whose imports do not parse imports nothing GoNB could
// build either.
func cellImports(src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "cell.go", goFile(src), parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var paths []string
	for _, spec := range f.Imports {
		if p, err := strconv.Unquote(spec.Path.Value); err == nil {
			paths = append(paths, p)
		}
	}
	return paths
}

// listedPackage is what `go list -json` says of a package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Standard   bool
	Module     *struct {
		Path, Version string
		Main          bool
		Replace       *struct{ Path, Version string }
	}
	GoFiles, CgoFiles, CFiles, CXXFiles, HFiles, SFiles, SysoFiles, EmbedFiles []string
	Error                                                                      *struct{ Err string }
}

// importDigest digests the packages that imports name, with everything
// they depend on, as `go list -deps` finds them in the module at root: a
// package of a module at a version by that version (go.sum holds its
// content's hash, and go.sum is digested too), any other (of the module
// itself, or of a module replaced by a folder) by its source files, and
// the standard library not at all (the kernel's ID holds the Go version).
// A package that cannot be found counts by its path and the error. With no
// module (root ""), only the import paths count.
func importDigest(ctx context.Context, root string, imports []string) (string, error) {
	h := sha256.New()
	for _, p := range imports {
		fmt.Fprintf(h, "import %q\n", p)
	}
	if root == "" {
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	if err := hashFile(h, "go.sum", filepath.Join(root, "go.sum")); err != nil && !os.IsNotExist(err) {
		return "", fmt.Errorf("digest go.sum: %w", err)
	}
	// Only import paths go to go list: a relative or absolute folder, or
	// anything like a flag, counts by its text alone (GoNB cannot build it
	// either), so that a notebook cannot make render read files elsewhere.
	listed := listable(imports)
	if len(listed) == 0 {
		return hex.EncodeToString(h.Sum(nil)), nil
	}
	args := append([]string{"list", "-e", "-deps", "-json=ImportPath,Dir,Standard,Module,GoFiles,CgoFiles,CFiles,CXXFiles,HFiles,SFiles,SysoFiles,EmbedFiles,Error", "--"}, listed...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list -deps the notebook's imports in %s: %w\n%s", root, err, strings.TrimSpace(stderr.String()))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			return "", fmt.Errorf("go list -deps in %s: %w", root, err)
		}
		if err := hashPackage(h, &p); err != nil {
			return "", fmt.Errorf("digest package %s: %w", p.ImportPath, err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// listable returns the import paths among imports, in their order: not a
// relative or absolute folder, nor anything like a flag.
func listable(imports []string) []string {
	var paths []string
	for _, p := range imports {
		if p != "" && !strings.ContainsAny(p[:1], "./-\\") && !strings.Contains(p, "..") {
			paths = append(paths, p)
		}
	}
	return paths
}

// hashPackage writes what identifies a listed package's content to h.
func hashPackage(h hash.Hash, p *listedPackage) error {
	switch {
	case p.Standard:
		return nil
	case p.Error != nil && p.Dir == "":
		fmt.Fprintf(h, "package %q error %q\n", p.ImportPath, p.Error.Err)
		return nil
	case p.Module != nil && !p.Module.Main && p.Module.Version != "" && (p.Module.Replace == nil || p.Module.Replace.Version != ""):
		fmt.Fprintf(h, "package %q module %q %q", p.ImportPath, p.Module.Path, p.Module.Version)
		if r := p.Module.Replace; r != nil {
			fmt.Fprintf(h, " => %q %q", r.Path, r.Version)
		}
		fmt.Fprintln(h)
		return nil
	}
	fmt.Fprintf(h, "package %q files\n", p.ImportPath)
	for _, list := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles} {
		for _, name := range list {
			if err := hashFile(h, name, filepath.Join(p.Dir, name)); err != nil {
				return err
			}
		}
	}
	return nil
}
