package report

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// mimeOrder is the order in which the representations of a rich output
// are preferred, as nbconvert's HTML exporter and JupyterLab prefer them.
var mimeOrder = []string{
	"text/html", "text/markdown", "text/latex", "image/svg+xml",
	"image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp",
	"application/json", "text/plain",
}

// ImageExt maps the image types a view shows to the extensions of their
// files.
var ImageExt = map[string]string{
	"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
	"image/bmp": ".bmp", "image/svg+xml": ".svg",
}

// Representations Jupyter shows only with code running in the browser;
// a view shows their text form with a note instead.
const (
	widgetMIME = "application/vnd.jupyter.widget-view+json"
	jsMIME     = "application/javascript"
	oldJSMIME  = "text/javascript"
)

// outputs returns the blocks of a code cell's outputs as its options
// ask: streams of the same name in a row joined (all of them, wherever
// they are, with merge_streams; stdout or stderr left out where they say
// so; stdout read as Markdown with output: asis),
// displays updated, each rich output by its preferred representation.
func (b *builder) outputs(cell int, outs []*notebook.Output, opts *cellopts.Options) []Block {
	var blocks []Block
	stream := func(i int, chunks []*notebook.Output) {
		switch name := chunks[0].Name; {
		case name == "stderr" && !opts.Stderr, name != "stderr" && !opts.Stdout:
		case name == "stdout" && opts.Asis:
			blocks = append(blocks, b.asis(cell, i+1, chunks)...)
		default:
			blocks = append(blocks, b.stream(cell, i+1, name, chunks)...)
		}
	}
	var merged map[string]bool
	for i := 0; i < len(outs); i++ {
		o := outs[i]
		if o == nil {
			continue
		}
		switch o.Type {
		case notebook.Stream:
			if opts.MergeStreams {
				if merged[streamName(o.Name)] {
					continue
				}
				if merged == nil {
					merged = map[string]bool{}
				}
				for _, s := range mergeStreams(outs, i) {
					merged[streamName(s.chunks[0].Name)] = true
					stream(s.out, s.chunks)
				}
				continue
			}
			j := i + 1
			for j < len(outs) && notebook.Joins(outs[j-1], outs[j]) {
				j++
			}
			stream(i, outs[i:j])
			i = j - 1
		case notebook.ErrorOutput:
			blocks = append(blocks, b.errorOutput(cell, i+1, o)...)
		case notebook.DisplayData, notebook.ExecuteResult:
			if b.hidden[o] {
				continue // shown where the Markdown quotes it
			}
			data, meta := o.Data, o.Metadata
			if u := b.updated[o]; u != nil {
				data, meta = u.Data, u.Metadata
			}
			blocks = append(blocks, b.rich(cell, i+1, data, meta, opts.Asis, opts.MarkdownFormat)...)
		}
	}
	return blocks
}

// mergedStream is one stream of a cell whose streams are merged: its
// chunks, and the index of the first among the cell's outputs.
type mergedStream struct {
	out    int
	chunks []*notebook.Output
}

// mergeStreams returns the stream outputs[i] as MyST-NB's merge_streams
// joins it: every chunk of its name in the cell, each without the white
// space that ends it and on a line of its own (an empty chunk but the
// first left out), where the first was. Like MyST-NB, it puts stdout
// first where stderr would be followed by it with only stderr between:
// the two streams race, and merging makes their order one that does not
// depend on the race. So it returns two streams then, and one otherwise.
func mergeStreams(outputs []*notebook.Output, i int) []mergedStream {
	gather := func(from int) mergedStream {
		name := streamName(outputs[from].Name)
		s := mergedStream{out: from}
		for _, o := range outputs[from:] {
			if o == nil || o.Type != notebook.Stream || streamName(o.Name) != name {
				continue
			}
			text := strings.TrimRight(o.Text, " \t\n\r\v\f")
			if text == "" && len(s.chunks) > 0 {
				continue
			}
			c := *o
			c.Text = text + "\n"
			s.chunks = append(s.chunks, &c)
		}
		return s
	}
	first := gather(i)
	stdoutBefore := slices.ContainsFunc(outputs[:i], func(o *notebook.Output) bool {
		return o != nil && o.Type == notebook.Stream && streamName(o.Name) == "stdout"
	})
	if outputs[i].Name != "stderr" || stdoutBefore {
		return []mergedStream{first}
	}
	for j := i + 1; j < len(outputs); j++ {
		o := outputs[j]
		switch {
		case o == nil || o.Type == notebook.Stream && o.Name == "stderr":
			continue
		case o.Type == notebook.Stream:
			return []mergedStream{gather(j), first}
		}
		break
	}
	return []mergedStream{first}
}

// streamName returns the name a stream is shown under: "stderr", or
// "stdout" for any other name, as Jupyter shows them.
func streamName(name string) string {
	if name == "stderr" {
		return name
	}
	return "stdout"
}

// updates returns, for each display output of the notebook that a later
// update_display_data with the same display id changes, the last such
// update: what Jupyter shows once every cell has run, an update reaching
// displays of earlier cells too. It walks the outputs once, backwards.
func updates(nb *notebook.Notebook) map[*notebook.Output]*notebook.Output {
	var res map[*notebook.Output]*notebook.Output
	latest := map[string]*notebook.Output{}
	for i := len(nb.Cells) - 1; i >= 0; i-- {
		c := nb.Cells[i]
		if c == nil || c.Type != notebook.Code {
			continue
		}
		for j := len(c.Outputs) - 1; j >= 0; j-- {
			o := c.Outputs[j]
			if o == nil {
				continue
			}
			id := displayID(o)
			if id == "" {
				continue
			}
			switch o.Type {
			case notebook.UpdateDisplayData:
				if latest[id] == nil {
					latest[id] = o
				}
			case notebook.DisplayData, notebook.ExecuteResult:
				if u := latest[id]; u != nil {
					if res == nil {
						res = map[*notebook.Output]*notebook.Output{}
					}
					res[o] = u
				}
			}
		}
	}
	return res
}

// displayID returns the output's display id, kept by kernels under
// "transient", or "".
func displayID(o *notebook.Output) string {
	var t struct {
		DisplayID string `json:"display_id"`
	}
	if raw, ok := o.Extra["transient"]; ok && json.Unmarshal(raw, &t) == nil {
		return t.DisplayID
	}
	return ""
}

// asis returns the joined text of stdout stream outputs as Markdown, as
// Quarto reads a cell's output: asis, cut to size; the writers sanitise
// it as any Markdown of an untrusted notebook.
func (b *builder) asis(cell, out int, chunks []*notebook.Output) []Block {
	st := notebook.StreamText{Max: b.opts.MaxOutput}
	if st.Max >= 0 {
		st.Max++
	}
	for _, c := range chunks {
		st.Add(c.Text)
	}
	return b.asisText(cell, out, st.String(), st.Len()+int(st.Dropped))
}

// asisText returns text output read as Markdown (output: asis), cut to
// size, with a note if it was cut from total bytes.
func (b *builder) asisText(cell, out int, text string, total int) []Block {
	kept, cut := b.cut(plaintext.Clean(text))
	blocks := b.markdownBlocks(cell, out, terminal.Strip(kept))
	if cut || total > len(kept) {
		blocks = append(blocks, b.cutNote(cell, out, len(kept), total))
	}
	return blocks
}

// stream returns the blocks of the joined text of stream outputs.
// Joining writes each chunk once and stops copying at the size limit, so
// any number of chunks takes time linear in the text kept.
func (b *builder) stream(cell, out int, name string, chunks []*notebook.Output) []Block {
	// One byte past the limit tells cut the text was longer, so that it
	// cuts at a line end.
	st := notebook.StreamText{Max: b.opts.MaxOutput}
	if st.Max >= 0 {
		st.Max++
	}
	for _, c := range chunks {
		st.Add(c.Text)
	}
	total := st.Len() + int(st.Dropped)
	text, cut := b.cut(st.String())
	plain, spans := terminal.Text(text)
	if plain == "" {
		return nil // Jupyter shows an empty stream as nothing
	}
	if name != "stderr" {
		name = "stdout"
	}
	blocks := b.long(Block{Kind: KindStream, Cell: cell, Output: out, Name: name, Text: plain, Spans: spans})
	if cut || total > len(text) {
		blocks = append(blocks, b.cutNote(cell, out, len(text), total))
	}
	return blocks
}

// cut returns s cut to the output size limit at a line end where there
// is one, and whether it was cut.
func (b *builder) cut(s string) (string, bool) {
	limit := b.opts.MaxOutput
	if limit < 0 || len(s) <= limit {
		return s, false
	}
	s = s[:limit]
	if i := strings.LastIndexByte(s, '\n'); i > limit/2 {
		return s[:i+1], true
	}
	return strings.ToValidUTF8(s, ""), true
}

// cutNote returns the note that an output was cut to size, and warns.
func (b *builder) cutNote(cell, out, kept, total int) Block {
	b.warn(cell, out, "output of %s cut to %s", byteSize(total), byteSize(kept))
	msg := fmt.Sprintf("Output cut to size: the first %s of %s are shown.", byteSize(kept), byteSize(total))
	return Block{Kind: KindNote, Cell: cell, Output: out, Text: msg}
}

// errorOutput returns the blocks of an error as Jupyter shows it: the
// traceback, or "NAME: VALUE" when there is none.
func (b *builder) errorOutput(cell, out int, o *notebook.Output) []Block {
	traceback := strings.Join(o.Traceback, "\n")
	text := traceback
	if strings.TrimSpace(terminal.Strip(text)) == "" {
		text = o.EName + ": " + o.EValue
	}
	text, cut := b.cut(text)
	var note []Block
	if cut {
		note = append(note, b.cutNote(cell, out, len(text), len(traceback)))
	}
	plain, spans := terminal.Text(text)
	return append([]Block{{Kind: KindError, Cell: cell, Output: out, Text: plain, Spans: spans}}, note...)
}

// rich returns the blocks of a display or result by its preferred
// representation; with asis (output: asis) a text/plain one is read as
// Markdown; a text/markdown one is read in the dialect format names
// (MyST-NB's markdown_format; "" for the notebook's own Markdown).
func (b *builder) rich(cell, out int, data notebook.MimeBundle, meta notebook.Metadata, asis bool, format string) []Block {
	var blocks []Block
	mime := ""
	for _, m := range mimeOrder {
		if _, ok := data[m]; ok {
			mime = m
			break
		}
	}
	if mime == "" || mime == "text/plain" {
		switch {
		case data[widgetMIME] != nil:
			blocks = append(blocks, Block{Kind: KindNote, Cell: cell, Output: out, Text: "An interactive widget: it needs a running kernel, so its text form is shown."})
		case data[jsMIME] != nil || data[oldJSMIME] != nil:
			blocks = append(blocks, Block{Kind: KindNote, Cell: cell, Output: out, Text: "JavaScript output, not run here: its text form is shown."})
		}
	}
	if mime == "" {
		if len(blocks) == 0 && len(data) > 0 {
			blocks = append(blocks, b.unknownMIME(cell, out, data))
		}
		return blocks
	}
	value, _ := data.Text(mime)
	if limit := b.opts.MaxOutput; limit >= 0 && len(value) > limit && !strings.HasPrefix(mime, "image/") {
		// Cut markup could not be shown whole; the text form can.
		if plain, ok := data.Text("text/plain"); ok && len(plain) <= limit {
			return append(blocks, b.text(cell, out, plain)...)
		}
		kept, _ := b.cut(value)
		blocks = append(blocks, b.text(cell, out, kept)...)
		return append(blocks, b.cutNote(cell, out, len(kept), len(value)))
	}
	alt := altText(data)
	switch mime {
	case "text/html":
		if svg, ok := svgOnly(value); ok {
			return append(blocks, b.image(cell, out, "image/svg+xml", []byte(svg), alt, imageSize(meta, mime)))
		}
		if h := b.html(value); strings.TrimSpace(h) != "" {
			blocks = append(blocks, Block{Kind: KindHTML, Cell: cell, Output: out, Text: h})
		}
		return blocks
	case "text/markdown":
		md := b.markdownBlocks(cell, out, plaintext.Clean(value))
		for i := range md {
			if md[i].Kind == KindMarkdown {
				md[i].Dialect = dialect(format)
			}
		}
		return append(blocks, md...)
	case "text/latex":
		return append(blocks, b.latex(cell, out, plaintext.Clean(value))...)
	case "image/svg+xml":
		return append(blocks, b.image(cell, out, mime, []byte(value), alt, imageSize(meta, mime)))
	case "application/json":
		return append(blocks, b.json(cell, out, value)...)
	case "text/plain":
		if asis {
			return append(blocks, b.asisText(cell, out, value, len(value))...)
		}
		return append(blocks, b.text(cell, out, value)...)
	}
	// A bitmap image.
	decoded, err := decodeBase64(value)
	if err != nil {
		b.fail(fmt.Errorf("cell %d: output %d: %w: %s is not base64: %v", cell, out, ErrOutput, mime, err))
		return blocks
	}
	return append(blocks, b.image(cell, out, mime, decoded, alt, imageSize(meta, mime)))
}

// dialect returns the Block.Dialect of Markdown in a format of MyST-NB's
// markdown_format: "commonmark" or "gfm", or "" for "myst" and for none,
// the notebook's own Markdown.
func dialect(format string) string {
	if format == "commonmark" || format == "gfm" {
		return format
	}
	return ""
}

// unknownMIME returns the note shown for an output none of whose
// representations a page can show, and warns, naming them (the first
// few, quoted and cut short: they are the notebook's text).
func (b *builder) unknownMIME(cell, out int, data notebook.MimeBundle) Block {
	types := slices.Sorted(maps.Keys(data))
	var names []string
	for _, t := range types[:min(len(types), 3)] {
		names = append(names, fmt.Sprintf("%.60q", t))
	}
	list := strings.Join(names, ", ")
	if len(types) > 3 {
		list += fmt.Sprintf(" and %d more", len(types)-3)
	}
	b.warn(cell, out, "output of a type a page cannot show (%s), shown as a note", list)
	return Block{Kind: KindNote, Cell: cell, Output: out, Text: "An output of a type this page cannot show: " + list + "."}
}

// json returns the blocks of a JSON value, indented when that does not make it much
// larger: each level of nesting indents every line inside it, so a value
// nested thousands deep would grow with the square of its depth. Such a
// value is shown as it came, with a note.
func (b *builder) json(cell, out int, value string) []Block {
	if !json.Valid([]byte(value)) {
		return []Block{{Kind: KindJSON, Cell: cell, Output: out, Text: plaintext.Clean(value)}}
	}
	size, depth := indentedSize(value)
	if limit := b.opts.MaxOutput; size > jsonGrowth*int64(len(value))+jsonSlack || limit >= 0 && size > int64(limit) {
		msg := fmt.Sprintf("JSON nested %d deep, shown as it came: indented, it would take %s.", depth, ByteSize(size))
		b.warn(cell, out, "%s", strings.TrimSuffix(msg, "."))
		return []Block{{Kind: KindJSON, Cell: cell, Output: out, Text: plaintext.Clean(value)}, {Kind: KindNote, Cell: cell, Output: out, Text: msg}}
	}
	var buf bytes.Buffer
	buf.Grow(int(size))
	if json.Indent(&buf, []byte(value), "", "  ") != nil {
		buf.Reset()
		buf.WriteString(value)
	}
	return []Block{{Kind: KindJSON, Cell: cell, Output: out, Text: plaintext.Clean(buf.String())}}
}

// JSON is indented when that makes it at most jsonGrowth times as large
// plus jsonSlack bytes: ordinary JSON grows two to four times.
const (
	jsonGrowth = 8
	jsonSlack  = 4 << 10
)

// indentedSize returns the size of valid JSON text indented by
// json.Indent with a two-space indent, and its deepest nesting, in one
// pass without writing it.
func indentedSize(s string) (size int64, deepest int) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\r':
		case '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			size += int64(min(j, len(s)-1) - i + 1)
			i = j
		case '{', '[':
			size++
			j := i + 1
			for j < len(s) && strings.IndexByte(" \t\n\r", s[j]) >= 0 {
				j++
			}
			if j < len(s) && (s[j] == '}' || s[j] == ']') {
				size++ // empty: "{}" or "[]"
				i = j
				continue
			}
			depth++
			deepest = max(deepest, depth)
			size += 1 + 2*int64(depth)
		case '}', ']':
			depth = max(depth-1, 0)
			size += 2 + 2*int64(depth)
		case ',':
			size += 2 + 2*int64(depth)
		case ':':
			size += 2
		default:
			size++
		}
	}
	return size, deepest
}

// text returns the blocks of a text/plain value, cut to size.
func (b *builder) text(cell, out int, value string) []Block {
	kept, cut := b.cut(value)
	plain, spans := terminal.Text(kept)
	blocks := b.long(Block{Kind: KindText, Cell: cell, Output: out, Text: plain, Spans: spans})
	if cut {
		blocks = append(blocks, b.cutNote(cell, out, len(kept), len(value)))
	}
	return blocks
}

// decodeBase64 decodes an image's base64 text as browsers and Jupyter
// take it: line breaks and spaces ignored, padding optional, the URL-safe
// alphabet and a data: URL prefix accepted.
func decodeBase64(s string) ([]byte, error) {
	s = strings.Join(strings.Fields(s), "")
	if strings.HasPrefix(s, "data:") {
		if _, after, ok := strings.Cut(s, ";base64,"); ok {
			s = after
		}
	}
	data, err := base64.StdEncoding.DecodeString(s)
	if err == nil {
		return data, nil
	}
	trimmed := strings.TrimRight(s, "=")
	for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.RawURLEncoding} {
		if d, e := enc.DecodeString(trimmed); e == nil {
			return d, nil
		}
	}
	return nil, err
}

// image returns the block of an image output, adding its file, or a note
// that it is too large to show.
func (b *builder) image(cell, out int, mime string, data []byte, alt string, size [2]int) Block {
	if b.opts.MaxImage >= 0 && len(data) > b.opts.MaxImage {
		b.warn(cell, out, "%s image of %s left out", mime, byteSize(len(data)))
		return Block{Kind: KindNote, Cell: cell, Output: out, Text: fmt.Sprintf("An image of %s, too large to show.", byteSize(len(data)))}
	}
	if mime == "image/svg+xml" {
		data = b.svg(data)
	}
	file := b.file(mime, data)
	return Block{Kind: KindImage, Cell: cell, Output: out, MIME: mime, Data: data, Alt: alt, File: file, Width: size[0], Height: size[1]}
}

// maxImageSide is the largest width or height taken from metadata, in
// CSS pixels.
const maxImageSide = 10000

// imageSize returns the width and height an output's metadata gives its
// image of type mime (as IPython's Image(width=...) and a retina figure
// set them), 0 where none is given.
func imageSize(meta notebook.Metadata, mime string) [2]int {
	var size [2]int
	var m map[string]any
	if raw, ok := meta[mime]; !ok || json.Unmarshal(raw, &m) != nil {
		return size
	}
	for i, key := range []string{"width", "height"} {
		if f, ok := m[key].(float64); ok && f >= 1 && f <= maxImageSide {
			size[i] = int(f + 0.5)
		}
	}
	return size
}

// svg returns an SVG image as a stand-alone document, sanitised unless
// the view is trusted.
func (b *builder) svg(data []byte) []byte {
	if b.opts.Trust {
		return withSVGNamespace(data)
	}
	return []byte(sanitize.SVG(string(data)))
}

// html returns HTML sanitised unless the view is trusted.
func (b *builder) html(s string) string {
	s = plaintext.Clean(s)
	if b.opts.Trust {
		return s
	}
	return sanitize.HTML(s)
}

// altText returns an image's text form as its alternative text when it is
// one short line that describes it, else "": a representation such as
// matplotlib's "<Figure size 640x480 with 1 Axes>" says nothing a reader
// wants.
func altText(data notebook.MimeBundle) string {
	plain, ok := data.Text("text/plain")
	plain = strings.TrimSpace(terminal.Strip(plain))
	if !ok || plain == "" || strings.Contains(plain, "\n") || len(plain) > 200 ||
		strings.HasPrefix(plain, "<") && strings.HasSuffix(plain, ">") {
		return ""
	}
	return plaintext.Clean(plain)
}

// long returns a stream or text block, split in two when it has more
// than FoldLines lines: the first FoldLines/2 lines, and the rest as a
// Rest block, which the writers show a click away.
func (b *builder) long(blk Block) []Block {
	limit := b.opts.FoldLines
	lines := countLines(blk.Text)
	if limit < 0 || lines <= limit {
		return []Block{blk}
	}
	head := max(limit/2, 1)
	cut := 0
	for range head {
		cut += strings.IndexByte(blk.Text[cut:], '\n') + 1
	}
	rest := blk
	blk.Text, rest.Text = blk.Text[:cut], blk.Text[cut:]
	blk.Spans, rest.Spans = splitSpans(blk.Spans, cut)
	rest.Rest = true
	rest.Summary = fmt.Sprintf("Show %d more lines", lines-head)
	if lines-head == 1 {
		rest.Summary = "Show 1 more line"
	}
	return []Block{blk, rest}
}

// countLines returns the number of lines of s, the last one counted
// whether or not it ends in a newline.
func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

// splitSpans splits spans, whose texts join to a text, at byte cut of
// that text; nil stays nil.
func splitSpans(spans []terminal.Span, cut int) (head, tail []terminal.Span) {
	if spans == nil {
		return nil, nil
	}
	pos := 0
	for i, s := range spans {
		end := pos + len(s.Text)
		switch {
		case end <= cut:
			pos = end
			continue
		case pos == cut:
			head, tail = spans[:i:i], spans[i:]
		default:
			first, second := s, s
			first.Text, second.Text = s.Text[:cut-pos], s.Text[cut-pos:]
			head = append(spans[:i:i], first)
			tail = append([]terminal.Span{second}, spans[i+1:]...)
		}
		return head, tail
	}
	return spans, []terminal.Span{}
}
