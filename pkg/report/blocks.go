package report

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// DefaultMaxOutput is the number of bytes of text an output keeps when
// ViewOptions.MaxOutput is zero: about 15 000 lines of 70 characters,
// more than a reader scrolls through, little enough to keep a page light.
const DefaultMaxOutput = 1 << 20

// DefaultMaxImage is the size in bytes above which an image is left out
// when ViewOptions.MaxImage is zero.
const DefaultMaxImage = 16 << 20

// ErrOutput is wrapped by NewView's error for an output or attachment
// that breaks the notebook format, such as an image that is not base64.
var ErrOutput = errors.New("bad output")

// ErrName is wrapped by NewView's error for a base name that is not a
// single file name.
var ErrName = errors.New("bad base name")

// ViewOptions control NewView.
type ViewOptions struct {
	// Name is the writeup's base name, as "pe310": the title when the
	// notebook gives none, and the prefix of its files' folder
	// (FilesDir). It must be a file name, not a path.
	Name string
	// Title is the title when the notebook gives none, neither in its
	// metadata nor as a heading; empty means Name.
	Title string
	// ModTime is the date when the notebook metadata gives none.
	ModTime time.Time
	// Trust keeps HTML and SVG outputs as they are instead of sanitising
	// them, and lets the writers keep raw HTML in Markdown.
	Trust bool
	// MaxOutput is the number of bytes of text an output keeps; the rest
	// is cut at a line end and replaced by a note. Zero means
	// DefaultMaxOutput; a negative value keeps everything.
	MaxOutput int
	// MaxImage is the size of the largest image kept; a larger one gives a
	// note instead. Zero means DefaultMaxImage; negative keeps every image.
	MaxImage int
	// Local is the notebook's folder: the files its Markdown links to or
	// shows by a relative path are copied from it into Files, and the
	// links pointed at the copies; nil copies none. Give it as
	// (*os.Root).FS, so that no path, by ".." or through a symbolic
	// link, leads out of the folder.
	Local fs.FS
	// Notebooks, if set, reports whether a path relative to the
	// notebook's folder (cleaned, slash-separated, as "sub/other.md")
	// names another notebook of the site: a link to it is left as
	// written, not copied, for the writers to link that notebook's page
	// once the view is joined to the site's (View.Join).
	Notebooks func(path string) bool
	// Bibliography holds the works the notebook's citations refer to,
	// read from the files its front matter names ("bibliography:"); nil
	// for none, when Pandoc's citations ("[@key]", "@key") are text.
	Bibliography *bib.Database
	// Chapter places the notebook in a Quarto book, which numbers its
	// figures, tables, equations, theorems and sections as the chapter's
	// ("Figure 2.1"; see authoring.Chapter); nil for a notebook of its
	// own.
	Chapter *authoring.Chapter
	// Crossref holds the crossref options of the notebook's project, a
	// Quarto book's _quarto.yml's, which its front matter's override
	// (see authoring.Crossref); the zero value is Quarto's defaults.
	Crossref authoring.Crossref
	// FoldLines is the number of lines past which a stream or text output
	// shows only its first FoldLines/2 lines, the rest a click away (a
	// Rest block). Zero means DefaultFoldLines; negative never folds.
	FoldLines int
}

// A View is a notebook as a reader sees it: what the writeup says about
// itself (Meta) and the blocks to show, in order. Writers render a View
// block by block, each kind in its own way, and decide nothing about what
// is shown.
type View struct {
	Meta Meta
	// Language is the notebook's programming language, a chroma lexer
	// name such as "go" or "python".
	Language string
	// Trusted is the notebook's own trust: HTML and SVG in blocks are
	// already sanitised unless it is set.
	Trusted bool
	Blocks  []Block

	// Provenance, if set, says how the writeup was made; the writers show
	// it at its end. NewView leaves it nil: the notebook alone cannot say.
	Provenance *Provenance
	// Files are the images to write beside a Markdown post, under
	// FilesDir(Name); image blocks and attachment links point at them.
	Files []File
	// Warnings say what was odd but shown anyway: metadata of an
	// unexpected type, an image that is not base64, a cut output.
	Warnings []Warning
	// Index holds the notebook's numbered targets (figures, tables,
	// equations, sections, theorems) and its citations, for the writers'
	// authoring.Refs to number and resolve the Markdown blocks with, in
	// order.
	Index *authoring.Index
	// Glue holds the values the notebook's code cells glued, by name
	// (MyST-NB's glue); the Markdown blocks already show them where
	// their roles and directives quote them.
	Glue map[string]*Glued

	// unresolved are the Warnings of references to no target and
	// citations of no work, which Join checks again.
	unresolved []Warning
	// summary is the Markdown Meta.Summary is made from, which Join
	// reads again.
	summary summarySource
}

// A File is written beside a post.
type File struct {
	// Path is relative to the post's folder, as
	// "pe310_files/3f0c…e1.png", with '/' separators: the file is named by
	// a hash of its content (32 hexadecimal digits) and the extension of
	// its type, so a view holds each image once however often it is shown,
	// and the folder is named after the post. Links use LinkPath(Path).
	Path string
	MIME string
	Data []byte
}

// File returns the file of the view with the path, given as it is or as
// a link (percent-encoded), or nil.
func (v *View) File(p string) *File {
	decoded, err := url.PathUnescape(p)
	for i := range v.Files {
		if v.Files[i].Path == p || err == nil && v.Files[i].Path == decoded {
			return &v.Files[i]
		}
	}
	return nil
}

// A Warning is something about a notebook that a reader of the log
// should know, placed by cell and output (counted from 1; 0 when not in
// one).
type Warning struct {
	Cell, Output int
	Msg          string
}

// String returns the warning as a log line: its cell and output, if any,
// then the message.
func (w Warning) String() string {
	var b strings.Builder
	if w.Cell > 0 {
		fmt.Fprintf(&b, "cell %d: ", w.Cell)
	}
	if w.Output > 0 {
		fmt.Fprintf(&b, "output %d: ", w.Output)
	}
	b.WriteString(w.Msg)
	return b.String()
}

// Kind is the kind of a block.
type Kind uint8

// The kinds of blocks. The fields of Block that each kind uses are named
// here; the others are empty.
const (
	// KindMarkdown is Markdown source (Text) from a markdown cell, a raw
	// cell for Markdown, or a text/markdown output; attachment links
	// point at the view's Files.
	KindMarkdown Kind = iota + 1
	// KindCode is a code cell's source (Text) in Lang, split into
	// Segments by language where magics or shell lines are mixed in.
	KindCode
	// KindStream is the text of stdout or stderr (Name): Text without
	// terminal escapes, Spans with their colours.
	KindStream
	// KindError is an error's traceback: Text and Spans as for a stream.
	KindError
	// KindText is a text/plain value (Text).
	KindText
	// KindImage is an image: MIME, Data (the bytes, decoded), Alt (never
	// empty), the File it is written to beside a post, the Width and
	// Height to show it at, when the output's metadata gives them, and its
	// Caption and Label, when the cell's options or a glue:figure
	// directive give them. Writers show it as a figure.
	KindImage
	// KindHTML is HTML (Text), sanitised unless the view is trusted.
	KindHTML
	// KindMath is one TeX formula (Text, without delimiters), Display or
	// inline.
	KindMath
	// KindJSON is a JSON value, indented (Text).
	KindJSON
	// KindNote is a note to the reader (Text), such as an output cut to
	// size or a widget that needs a live kernel.
	KindNote
)

var kindNames = [...]string{"", "markdown", "code", "stream", "error", "text", "image", "html", "math", "json", "note"}

// String returns the name of the kind, as "markdown".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k > 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Block is one thing a reader sees. Cell and Output place it in the
// notebook (counted from 1; Output is 0 for a cell's own source).
type Block struct {
	Kind         Kind
	Cell, Output int
	// CellType is the type of the cell the block comes from.
	CellType notebook.CellType
	Text     string
	// Lang is the language of a code block (a chroma lexer name, or ""
	// for plain text).
	Lang     string
	Segments []codelang.Segment
	// Name is a stream's name, "stdout" or "stderr".
	Name  string
	Spans []terminal.Span
	MIME  string
	Data  []byte
	Alt   string
	File  string
	// Width and Height are an image's size in CSS pixels, 0 if not given.
	Width, Height int
	// Classes are HTML class names a cell's metadata gives its images
	// (MyST-NB's image classes), each made of ASCII letters, digits, "-"
	// and "_".
	Classes []string
	// Display is set for a displayed formula.
	Display bool
	// LineNumbers numbers the lines of a code block on a page (the
	// cell's code-line-numbers or MyST-NB's number_source_lines); a
	// post's fence stays as it is, for the blog's highlighter, and for
	// copying.
	LineNumbers bool
	// Fold is the folded part of its cell the block is shown in, if any:
	// a run of blocks of one cell with the same Fold is one part, shown
	// closed behind a control whose text is their Summary, and open at
	// first if Open is set.
	Fold Fold
	Open bool
	// Summary is the text of the control that opens the block's folded
	// part, or, for a Rest block, the block itself. SummaryHide is the
	// control's text while the part is open (MyST-NB's code_prompt_hide),
	// "" to keep Summary; a page shows it, a post, read without our
	// stylesheet, only Summary.
	Summary, SummaryHide string
	// Rest marks the rest of a long stream or text output, shown folded
	// after the block before it, which holds the output's first lines.
	Rest bool
	// Glue names the glued value a block of a Markdown cell shows, from
	// a glue directive; "" for every other block.
	Glue string
	// Caption is a figure's caption: one line of inline Markdown (its
	// emphasis, code, links and $TeX$ formulas kept; no raw HTML unless
	// the view is trusted; a first character that would start another
	// block escaped), "Figure 2: ..." for a numbered figure; "" for none.
	// An image's comes from its cell's fig-cap option or MyST-NB figure
	// metadata, a glue:figure directive's from the directive's body (its
	// roles filled in). Writers show every image, and every block with a
	// caption (a glue:figure or a MyST-NB figure may show a table or a
	// text), as a figure, the caption below it, read as inline Markdown
	// (raw HTML sanitised unless trusted); where only text can go (a
	// post's folded figure), its plain text.
	Caption string
	// CaptionAbove puts the caption above the block rather than below:
	// a table's, as Quarto places it, and a MyST-NB figure's with
	// caption_before.
	CaptionAbove bool
	// Legend is a figure's legend, shown after its caption: the
	// paragraphs of a MyST-NB figure's caption or a glue:figure's body
	// after the first, Markdown (raw HTML left out unless trusted).
	Legend string
	// Dialect is the Markdown a text/markdown output is read as when its
	// cell names one (MyST-NB's markdown_format): "commonmark" (with
	// formulas, as Jupyter shows them) or "gfm", in which Quarto's and
	// MyST's constructs, references and citations are text; "" for the
	// notebook's own Markdown, GitHub's with those constructs.
	Dialect string
	// Label is the name the notebook's Markdown links to a block by: a
	// numbered figure's label (a cell's "label: fig-values", or a
	// glue:figure's :name:), the anchor that "@fig-values" links to, or a
	// glued formula's label (glue:math's :label:), whose anchor on a page
	// is "equation-" and the label, as Sphinx writes it. It is made of
	// ASCII letters, digits and "-_.:" only; "" for none.
	Label string
	// Panel places an image among its cell's figures when the cell's
	// options lay them out together (Quarto's fig-subcap, layout-ncol,
	// layout-nrow, layout); nil for none.
	Panel *Panel
}

// A Panel places an image among the images of its cell that one figure
// holds, or a table among its cell's subtables: Quarto's subfigures,
// "(a) Plot 1", under one caption, "Figure 1: Plots" (subtables above
// theirs, "Table 1: Tables"), and its layout's rows of cells. A page sets the panels in
// their rows; a post, which a blog reads without our stylesheet, shows
// them one under another, the figure's caption after the last.
type Panel struct {
	// Label and Caption are the whole figure's, on each of its panels:
	// the cell's label ("fig-plots"), an anchor before the first panel,
	// and its caption as Block.Caption holds one ("Figure 1: Plots"),
	// after the last; "" for none.
	Label, Caption string
	// First and Last are set on the cell's first and last panel.
	First, Last bool
	// NewRow is set on a panel that starts a row of the layout.
	NewRow bool
	// Width is the panel's share of its row, as CSS ("50.000%"); Gap is
	// the share of the spacers just before it, "" for none. Both are made
	// of digits, ".", and "%" only.
	Width, Gap string
	// VAlign is the alignment of the cells of the panel's row, "top",
	// "center" or "bottom" (layout-valign), and Align the panel's in its
	// cell, "left", "center" or "right" (layout-align); both "" where the
	// panels are not laid out. A post, which shows the panels one under
	// another, has no use for them.
	VAlign, Align string
	// CaptionAbove is set for a caption shown above the panels, as a
	// table's is.
	CaptionAbove bool
}
