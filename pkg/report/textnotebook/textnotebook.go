package textnotebook

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
	"github.com/grundylab/grundy/pkg/report/internal/errfmt"
	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// A Format is a form a notebook is kept in.
type Format string

// The formats ReadFile reads.
const (
	IPynb   Format = "ipynb"   // IPynb is nbformat's JSON, .ipynb.
	MyST    Format = "myst"    // MyST is MyST Markdown, .md (or .myst, .mystnb, .mnb).
	Quarto  Format = "quarto"  // Quarto is a Quarto document, .qmd.
	Percent Format = "percent" // Percent is a jupytext percent script, .py, .go, .jl, .r or .R.
)

// Limits on what a text notebook may hold, so that a hostile file costs
// time and memory in proportion to a small constant at most.
const (
	// MaxSize is the largest text notebook read, in bytes.
	MaxSize = 16 << 20
	// MaxCells is the most cells a text notebook may have.
	MaxCells = 10000
)

// Sentinel errors wrapped by *Error; test for them with errors.Is.
var (
	// ErrSyntax means the text is not a well-formed notebook of its format.
	ErrSyntax = errors.New("malformed text notebook")
	// ErrFormat means the file is in no format render reads.
	ErrFormat = errors.New("not a notebook")
	// ErrTooLarge means the file has more bytes or cells than the limits.
	ErrTooLarge = errors.New("text notebook too large")
)

// Formats says, for a message, which files ReadFile reads.
const Formats = ".ipynb notebooks, MyST Markdown notebooks (.md with jupytext or MyST-NB front matter, or {code-cell} blocks; .myst, .mystnb, .mnb), " +
	"Quarto documents (.qmd) and jupytext percent scripts (# %% cells in .py, .jl, .r, .R; // %% in .go)"

// An Error describes a text notebook that cannot be read: the file, the
// line (1-based; 0 when the problem is not on one) and what is wrong.
type Error struct {
	Path  string // Path is the file name.
	Line  int    // Line is the 1-based line, or 0.
	Msg   string // Msg says what is wrong.
	Err   error  // Err is ErrSyntax, ErrFormat or ErrTooLarge.
	Cause error  // Cause is an underlying error, such as YAML's, or nil.
}

// Error formats the error as "PATH:LINE: MSG: CAUSE", as compilers do, so
// that an editor can jump to the line.
func (e *Error) Error() string {
	head := e.Path
	if e.Line > 0 {
		head += ":" + strconv.Itoa(e.Line)
	}
	return errfmt.Message(e.Cause, head, e.Msg)
}

// Unwrap returns the sentinel and the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() []error { return errfmt.Unwrap(e.Err, e.Cause) }

// A File is a notebook as read from its file.
type File struct {
	Path     string // Path is the file's name, as given.
	Notebook *notebook.Notebook
	Format   Format
	// Lines holds, for each cell of Notebook, the 1-based line of the file
	// where it starts: a code cell's fence or marker, a Markdown cell's
	// first line. It is nil for an .ipynb file, which has no such lines.
	Lines []int
	// Warnings are what the file holds that was read in a way its writer
	// may not expect, each naming its line.
	Warnings []string
}

// Line returns where the cell numbered cell (1-based, as errors count
// them) starts in the file, as "PATH:LINE", or "" when unknown.
func (f *File) Line(cell int) string {
	if cell < 1 || cell > len(f.Lines) {
		return ""
	}
	return f.Path + ":" + strconv.Itoa(f.Lines[cell-1])
}

// scripts maps the extensions of percent scripts to their language and
// line comment, as jupytext names them.
var scripts = map[string]struct{ lang, comment string }{
	".py": {"python", "#"}, ".jl": {"julia", "#"}, ".r": {"R", "#"}, ".R": {"R", "#"}, ".go": {"go", "//"},
}

// FormatOf returns the format of a file by its extension, or an *Error
// wrapping ErrFormat that names the formats render reads.
func FormatOf(path string) (Format, error) {
	ext := filepath.Ext(path)
	switch strings.ToLower(ext) {
	case ".ipynb":
		return IPynb, nil
	case ".md", ".myst", ".mystnb", ".mnb":
		return MyST, nil
	case ".qmd":
		return Quarto, nil
	}
	if _, ok := scripts[ext]; ok {
		return Percent, nil
	}
	return "", &Error{Path: path, Msg: "not a format render reads; it reads " + Formats, Err: ErrFormat}
}

// ReadFile reads the notebook in the named file, in the format its
// extension names (FormatOf). Errors name the file and, where there is
// one, the line.
func ReadFile(path string) (*File, error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	if format == IPynb {
		nb, err := notebook.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return &File{Path: path, Notebook: nb, Format: IPynb}, nil
	}
	data, err := readLimited(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// readLimited reads the file, refusing one of more than MaxSize bytes:
// by its size, before reading it, when it is a regular file.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := boundedfile.Read(f, MaxSize)
	if _, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, &Error{Path: path, Msg: fmt.Sprintf("larger than %d MiB", MaxSize>>20), Err: ErrTooLarge}
	}
	if err != nil {
		return nil, fmt.Errorf("text notebook %s: %w", path, err)
	}
	return data, nil
}

// Parse reads the text notebook data, in the format the extension of
// name gives; name is used in errors too. It does not read .ipynb files:
// notebook.Parse does.
func Parse(name string, data []byte) (*File, error) {
	format, err := FormatOf(name)
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, &Error{Path: name, Msg: fmt.Sprintf("larger than %d MiB", MaxSize>>20), Err: ErrTooLarge}
	}
	// A byte order mark, which some editors write, is not text.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	r := &reader{path: name, lines: splitLines(data), nb: notebook.New(), yaml: safeyaml.NewBudget(len(data), safeyaml.Slack)}
	switch format {
	case MyST:
		err = r.myst(data)
	case Quarto:
		err = r.quarto()
	case Percent:
		s := scripts[filepath.Ext(name)]
		err = r.percent(s.lang, s.comment)
	default:
		return nil, &Error{Path: name, Msg: "an .ipynb file is read by package notebook", Err: ErrFormat}
	}
	if err != nil {
		return nil, err
	}
	if len(r.nb.Cells) > MaxCells {
		return nil, &Error{Path: name, Msg: fmt.Sprintf("more than %d cells", MaxCells), Err: ErrTooLarge}
	}
	return &File{Path: name, Notebook: r.nb, Format: format, Lines: r.starts, Warnings: r.warnings}, nil
}

// A reader builds a notebook from the lines of a text notebook.
type reader struct {
	path     string
	lines    []string // lines are the file's lines without their line ends.
	nb       *notebook.Notebook
	starts   []int
	warnings []string
	yaml     *safeyaml.Budget // yaml is what the file's YAML may expand to.
}

// add appends a cell that starts at the 0-based line.
func (r *reader) add(c *notebook.Cell, line int) {
	if c.Metadata == nil {
		c.Metadata = notebook.Metadata{}
	}
	if c.Type == notebook.Code && c.Outputs == nil {
		c.Outputs = []*notebook.Output{}
	}
	r.nb.Cells = append(r.nb.Cells, c)
	r.starts = append(r.starts, line+1)
}

// errorAt returns an *Error wrapping ErrSyntax at the 0-based line.
func (r *reader) errorAt(line int, cause error, format string, args ...any) error {
	return &Error{Path: r.path, Line: line + 1, Msg: fmt.Sprintf(format, args...), Err: ErrSyntax, Cause: cause}
}

// warn records a warning at the 0-based line.
func (r *reader) warn(line int, format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf("%s:%d: %s", r.path, line+1, fmt.Sprintf(format, args...)))
}

// splitLines splits data into lines without their ends ("\n" or "\r\n"),
// as Python's splitlines does for these; a final line end adds no line.
func splitLines(data []byte) []string {
	s := string(bytes.TrimSuffix(data, []byte("\n")))
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// blank reports whether the line holds only white space.
func blank(line string) bool { return strings.TrimSpace(line) == "" }

// trimBlank returns lines without the blank lines at either end.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && blank(lines[0]) {
		lines = lines[1:]
	}
	for len(lines) > 0 && blank(lines[len(lines)-1]) {
		lines = lines[:len(lines)-1]
	}
	return lines
}
