package report

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/frontmatter"
	"github.com/grundylab/grundy/pkg/report/mdcost"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// NewView returns the view of a notebook: its metadata and blocks, with
// every rule about what a reader sees applied once (cell tags, output
// order and updates, MIME preference, images, attachments, trust, sizes).
// Odd content is shown as well as it can be and noted in Warnings; the
// error is for options that cannot be used and for outputs that break the
// notebook format (wrapping ErrOutput, naming the cell and output).
func NewView(nb *notebook.Notebook, opts ViewOptions) (*View, error) {
	if nb == nil {
		return nil, errors.New("view: nil notebook")
	}
	if opts.Name == "" || opts.Name != path.Base(opts.Name) || opts.Name == "." || opts.Name == ".." || strings.ContainsAny(opts.Name, `/\`) {
		return nil, fmt.Errorf("view: %w %q: want a file name", ErrName, opts.Name)
	}
	if opts.MaxOutput == 0 {
		opts.MaxOutput = DefaultMaxOutput
	}
	if opts.MaxImage == 0 {
		opts.MaxImage = DefaultMaxImage
	}
	if opts.FoldLines == 0 {
		opts.FoldLines = DefaultFoldLines
	}
	// What the whole notebook decides, gathered once before its cells:
	// the displays that later updates change, the glued values, the
	// language; then the metadata, read from the text and the front
	// matter with their glue pasted.
	updated := updates(nb)
	glue, hidden, glueWarnings := collectGlue(nb)
	b := &builder{
		opts: opts, v: &View{Trusted: opts.Trust, Language: codelang.Of(nb), Glue: glue}, dir: FilesDir(opts.Name),
		updated: updated, hidden: hidden, budget: mdcost.Budget, index: authoring.NewIndex(),
	}
	b.v.Index = b.index
	text := b.glueMeta(nb)
	skip, front, frontErr := frontmatter.Find(text)
	b.v.Meta, b.summary, b.v.Warnings = metaOf(text, front, skip, cmp.Or(opts.Title, opts.Name), opts.ModTime)
	b.index.Chapter = opts.Chapter
	b.index.Crossref = opts.Crossref
	if opts.Chapter != nil {
		b.v.Meta.Title = authoring.ChapterTitle(b.v.Meta.Title)
	}
	b.index.Configure(front, text)
	b.index.Bibliography = opts.Bibliography
	b.v.Warnings = append(b.v.Warnings, glueWarnings...)
	if frontErr != nil {
		b.warn(1, 0, "%v; the cell is shown as written", frontErr)
	}
	for i, c := range nb.Cells {
		if c == nil || i == skip {
			continue
		}
		b.cell(i+1, c)
		if b.err != nil {
			return nil, b.err
		}
	}
	b.references()
	b.localFiles()
	b.metaImage(text, front, skip+1)
	return b.v, nil
}

// cell adds the blocks of cell n, folded as it is shown.
func (b *builder) cell(n int, c *notebook.Cell) {
	lk := b.look(n, c)
	var blocks []Block
	switch c.Type {
	case notebook.Markdown, notebook.Raw:
		if !lk.source {
			break
		}
		switch lk.format {
		case "text/markdown":
			blocks = b.markdownCell(n, c)
		case "text/html":
			blocks = []Block{{Kind: KindHTML, Cell: n, Text: b.html(c.Source)}}
		}
	case notebook.Code:
		if lk.source && strings.TrimSpace(lk.code) != "" {
			lang, segs := codelang.Segments(b.v.Language, lk.code)
			blocks = []Block{{Kind: KindCode, Cell: n, Text: lk.code, Lang: lang, Segments: segs, LineNumbers: lk.opts.LineNumbers}}
		}
		if lk.outputs {
			blocks = append(blocks, b.outputs(n, c.Outputs, &lk.opts)...)
		}
	}
	b.fold(n, c.Type, &lk, blocks)
	b.record(blocks)
	b.v.Blocks = append(b.v.Blocks, blocks...)
}
