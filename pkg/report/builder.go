package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A builder makes one view in one pass. The steps of the pass, each a
// layer of files above this one (see the package's layers test), return
// the blocks they make, note warnings, errors and files through warn,
// fail and file, and hand what they find downward only: a step never
// calls one that comes before it.
type builder struct {
	opts ViewOptions
	v    *View
	dir  string
	err  error
	// updated maps a display output to the update Jupyter shows instead.
	updated map[*notebook.Output]*notebook.Output
	// hidden holds the outputs glued without display.
	hidden map[*notebook.Output]bool
	// index numbers the notebook's figures, tables, equations, sections
	// and theorems, and holds their labels for references.
	index *authoring.Index
	// summary is the Markdown the summary is made from once the index
	// has read the notebook.
	summary summarySource
	// budget is what is left of mdcost.Budget. glueAllowed is what glue
	// may paste (glueAllowance), glueLeft what is left of it, and
	// glueSpent is set once glue has had to leave a role as written.
	budget                int64
	glueAllowed, glueLeft int64
	glueSpent             bool
	// files holds the paths of the view's Files.
	files map[string]bool
	// pasted holds, by cell number, the Markdown and raw cells whose glue
	// is pasted (see glueMeta).
	pasted map[int]*pastedCell
	// warned counts the warnings noted about each cell, which stop at
	// maxCellWarnings.
	warned map[int]int
}

// maxCellWarnings bounds the warnings noted about one cell: a hostile
// cell can hold a fault in every role or link it names, and its first
// few tell the reader what the rest would.
const maxCellWarnings = 20

// fail records the first error.
func (b *builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// warn notes something odd about cell and output (0 when not in one).
func (b *builder) warn(cell, output int, format string, args ...any) {
	if b.warned == nil {
		b.warned = map[int]int{}
	}
	b.warned[cell]++
	switch n := b.warned[cell]; {
	case n == maxCellWarnings+1:
		b.v.Warnings = append(b.v.Warnings, Warning{Cell: cell, Msg: "more warnings about this cell are left out"})
		return
	case n > maxCellWarnings:
		return
	}
	b.v.Warnings = append(b.v.Warnings, Warning{Cell: cell, Output: output, Msg: fmt.Sprintf(format, args...)})
}

// FilesDir returns the folder beside a post named name that holds its
// files.
func FilesDir(name string) string { return name + "_files" }

// LinkPath returns a relative file path as a link destination: each
// element percent-encoded, so that spaces, parentheses, '#', '?', '%',
// '<' and ':' (which would make "a:b_files/x.png" a URL of scheme "a") in a
// name neither end a Markdown link nor change its meaning.
func LinkPath(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		parts[i] = strings.ReplaceAll(url.PathEscape(part), ":", "%3A")
	}
	return strings.Join(parts, "/")
}

// ByteSize returns a number of bytes as a reader reads it: "812 bytes",
// "4.3 kB", "154.5 MB".
func ByteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

func byteSize(n int) string { return ByteSize(int64(n)) }

// file returns the path of the view's file of the type holding data,
// adding the file if the view has none with that content. A file is
// named by its type and a 128-bit hash of its content, so that an image
// shown or attached many times is written once, and a render of the same
// notebook names it alike.
func (b *builder) file(mime string, data []byte) string {
	return b.fileExt(mime, ImageExt[mime], data)
}

// fileExt is file for a file named with the extension ext.
func (b *builder) fileExt(mime, ext string, data []byte) string {
	sum := sha256.Sum256(data)
	p := b.dir + "/" + hex.EncodeToString(sum[:16]) + ext
	if _, ok := b.files[p]; !ok {
		if b.files == nil {
			b.files = map[string]bool{}
		}
		b.files[p] = true
		b.v.Files = append(b.v.Files, File{Path: p, MIME: mime, Data: data})
	}
	return p
}
