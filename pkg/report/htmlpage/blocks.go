package htmlpage

import (
	"fmt"
	"html"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/sanitize"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// block writes one block of the view by its kind.
func (p *page) block(w *strings.Builder, blk *report.Block) error {
	if blk.Rest {
		return p.rest(w, blk)
	}
	if blk.Kind == report.KindImage || blk.Caption != "" || blk.Legend != "" {
		return p.figure(w, blk)
	}
	switch blk.Kind {
	case report.KindMarkdown:
		md := p.md
		if d, ok := p.dialects[blk.Dialect]; ok {
			md = d
		}
		out, err := p.markdownIn(md, blk.Text)
		if err != nil {
			return err
		}
		if blk.Output > 0 || blk.Glue != "" {
			out = `<div class="output markdown">` + "\n" + out + "</div>\n"
		}
		w.WriteString(out)
	case report.KindCode:
		return p.code(w, blk.Segments, blk.LineNumbers)
	case report.KindStream:
		writePre(w, "output stream "+blk.Name, blk.Text, blk.Spans)
	case report.KindError:
		writePre(w, "output error", blk.Text, blk.Spans)
	case report.KindText:
		writePre(w, "output text", blk.Text, blk.Spans)
	case report.KindJSON:
		writePre(w, "output json", blk.Text, nil)
	case report.KindHTML:
		class, text := "output html", blk.Text
		if blk.Output == 0 && blk.Glue == "" {
			class = "raw html"
		} else {
			// JupyterLab typesets the math of an HTML output.
			text = p.conv.TypesetHTML(text)
		}
		w.WriteString(`<div class="` + class + `">` + text + "</div>\n")
	case report.KindMath:
		w.WriteString(`<div class="output math"` + idAttr(blockID(blk)) + `>` + p.math(blk.Text, blk.Display) + "</div>\n")
		if blk.Display && blk.Label != "" {
			// Numbered by the view with \tag, which the converter counts
			// not: its count follows the document's.
			p.conv.SetEquations(p.conv.Equations() + 1)
		}
	case report.KindNote:
		w.WriteString(`<p class="output note">` + html.EscapeString(blk.Text) + "</p>\n")
	}
	return nil
}

// math returns the MathML of a formula, sanitised unless the page is
// trusted, or its source in an error style.
func (p *page) math(tex string, display bool) string {
	var mml string
	var err error
	if display {
		mml, err = p.conv.Display(tex)
	} else {
		mml, err = p.conv.Inline(tex)
	}
	if err != nil {
		p.warn("%v", err)
		return `<code class="math-error" title="` + html.EscapeString(err.Error()) + `">` + html.EscapeString(tex) + "</code>"
	}
	if !p.opts.Trust {
		mml = sanitize.HTML(mml)
	}
	return mml
}

// writePre writes terminal text as a <pre> of the class, its styled spans
// as <span> elements with the ansi-* classes of Jupyter's output area.
func writePre(w *strings.Builder, class, text string, spans []terminal.Span) {
	w.WriteString(`<pre class="` + class + `">`)
	if spans == nil {
		w.WriteString(html.EscapeString(strings.TrimRight(text, "\n")))
	} else {
		for i, s := range spans {
			t := s.Text
			if i == len(spans)-1 {
				t = strings.TrimRight(t, "\n")
			}
			writeSpan(w, s.Style, t)
		}
	}
	w.WriteString("</pre>\n")
}

var colorNames = [8]string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

func writeSpan(w *strings.Builder, st terminal.Style, text string) {
	if text == "" {
		return
	}
	var classes, styles []string
	color := func(c terminal.Color, layer, property string) {
		if c == terminal.NoColor {
			return
		}
		if i, ok := c.Palette(); ok && i < 16 {
			name := colorNames[i%8]
			if i >= 8 {
				name = "bright-" + name
			}
			classes = append(classes, "ansi-"+name+"-"+layer)
			return
		}
		r, g, b := c.RGB()
		styles = append(styles, fmt.Sprintf("%s: #%02x%02x%02x", property, r, g, b))
	}
	color(st.FG, "fg", "color")
	color(st.BG, "bg", "background-color")
	if st.Bold {
		classes = append(classes, "ansi-bold")
	}
	if st.Italic {
		classes = append(classes, "ansi-italic")
	}
	if st.Underline {
		classes = append(classes, "ansi-underline")
	}
	if len(classes) == 0 && len(styles) == 0 {
		w.WriteString(html.EscapeString(text))
		return
	}
	w.WriteString("<span")
	if len(classes) > 0 {
		w.WriteString(` class="` + strings.Join(classes, " ") + `"`)
	}
	if len(styles) > 0 {
		w.WriteString(` style="` + strings.Join(styles, "; ") + `"`)
	}
	w.WriteString(">" + html.EscapeString(text) + "</span>")
}

var (
	codeFormatter = chromahtml.New(chromahtml.WithClasses(true))
	// numberedFormatter numbers the lines, in spans of class "ln" that
	// the page's style keeps out of a selection.
	numberedFormatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true))
	codeStyle         = styles.Get("github")
)

// formatter returns the formatter of code, with its lines numbered or
// not.
func formatter(numbered bool) *chromahtml.Formatter {
	if numbered {
		return numberedFormatter
	}
	return codeFormatter
}

// highlight writes code as chroma's classed HTML, its lines numbered if
// numbered is set, each segment lexed in
// its own language and magic commands as preprocessor lines, or reports
// false, having written nothing, if the lexers ran past the deadline. A
// lexer ends its text with a newline; one that a segment within a line
// (as "files = " before "!ls") did not have is taken off again.
func highlight(w io.Writer, segs []codelang.Segment, deadline time.Time, numbered bool) (bool, error) {
	var tokens []chroma.Token
	for i, s := range segs {
		if s.Lang == "" {
			tokens = append(tokens, chroma.Token{Type: chroma.CommentPreproc, Value: s.Text})
			continue
		}
		it, err := lexer(s.Lang).Tokenise(nil, s.Text)
		if err != nil {
			tokens = append(tokens, chroma.Token{Type: chroma.Text, Value: s.Text})
			continue
		}
		lexed, ok := tokensBefore(it, deadline)
		if !ok {
			return false, nil
		}
		if s.Lang == "julia" {
			adjoints(lexed)
		}
		if n := len(lexed); n > 0 && i < len(segs)-1 && !strings.HasSuffix(s.Text, "\n") {
			lexed[n-1].Value = strings.TrimSuffix(lexed[n-1].Value, "\n")
		}
		tokens = append(tokens, lexed...)
	}
	if n := len(tokens); n > 0 && !strings.HasSuffix(tokens[n-1].Value, "\n") {
		tokens = append(tokens, chroma.Token{Type: chroma.TextWhitespace, Value: "\n"})
	}
	return true, formatter(numbered).Format(w, codeStyle, chroma.Literator(joinMarks(tokens)...))
}

// joinMarks joins combining marks that a lexer could not take to the name
// they follow, and the name that goes on after them: Python's names, as
// "S̄", hold them (PEP 3131), and chroma's lexers read their letters only.
func joinMarks(tokens []chroma.Token) []chroma.Token {
	out := tokens[:0]
	for i := 0; i < len(tokens); i++ {
		t := tokens[i]
		n := len(out)
		if t.Type != chroma.Error || n == 0 || !out[n-1].Type.InCategory(chroma.Name) || !onlyMarks(t.Value) {
			out = append(out, t)
			continue
		}
		out[n-1].Value += t.Value
		if i+1 < len(tokens) && tokens[i+1].Type.InCategory(chroma.Name) {
			out[n-1].Value += tokens[i+1].Value
			i++
		}
	}
	return out
}

// adjoints makes operators of the quotes that chroma's Julia lexer could
// not take after a name: Julia's adjoint, as in v₁'a₂, whose names the
// lexer reads but whose quote it expects after ASCII ones only.
func adjoints(tokens []chroma.Token) {
	for i := 1; i < len(tokens); i++ {
		if tokens[i].Type == chroma.Error && tokens[i].Value == "'" && tokens[i-1].Type.InCategory(chroma.Name) {
			tokens[i].Type = chroma.Operator
		}
	}
}

// onlyMarks reports whether s is one or more combining marks.
func onlyMarks(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.M, r) {
			return false
		}
	}
	return s != ""
}

// lexer returns chroma's lexer for a language, or the plain text one.
func lexer(lang string) chroma.Lexer {
	l := lexers.Get(lang)
	if l == nil {
		return lexers.Fallback
	}
	return chroma.Coalesce(l)
}

// sizeAttrs returns the width and height attributes of an image block.
func sizeAttrs(blk *report.Block) string {
	var s string
	if blk.Width > 0 {
		s += fmt.Sprintf(` width="%d"`, blk.Width)
	}
	if blk.Height > 0 {
		s += fmt.Sprintf(` height="%d"`, blk.Height)
	}
	return s
}
