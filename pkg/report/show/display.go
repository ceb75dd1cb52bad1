package show

import (
	"errors"
	"html"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// ErrData is wrapped by the errors for data a display cannot draw: nothing
// to draw, a size beyond the display's bound, a value out of range.
var ErrData = errors.New("cannot display the data")

// A Display is one result drawn for a reader: an HTML fragment (a figure
// with its caption) for notebooks and pages, and the same content as plain
// text for posts, terminals and kernels without HTML.
type Display struct {
	HTML string
	Text string
}

// Bundle returns the display's MIME bundle: text/html and text/plain.
func (d Display) Bundle() map[string]string {
	return map[string]string{"text/html": d.HTML, "text/plain": d.Text}
}

// Show sends the display to the GoNB notebook running the cell, as one
// display_data output holding both forms. Outside a notebook it does
// nothing.
func (d Display) Show() { d.send("") }

// send sends the display with both of its forms; a non-empty id is GoNB's
// display id, which makes the output at the first call and replaces it at
// the next ones.
func (d Display) send(id string) {
	if !gonbui.IsNotebook {
		return
	}
	data := make(map[protocol.MIMEType]any, 2)
	for mime, content := range d.Bundle() {
		data[protocol.MIMEType(mime)] = content
	}
	gonbui.SendData(&protocol.DisplayData{Data: data, DisplayID: id})
	// GoNB stops reading the pipe when the cell's program exits, so a
	// display sent at the end of a cell could be lost without this.
	gonbui.Sync()
}

// Colours, each translucent so that it tints the page's own background in
// light and dark mode alike, and text stays the page's colour.
const (
	prePeriodTint = "rgba(255, 127, 14, 0.28)"
	periodTint    = "rgba(44, 160, 44, 0.30)"
	periodTint2   = "rgba(44, 160, 44, 0.12)"
	winTint       = "rgba(44, 160, 44, 0.30)"
)

// Styles of the table cells, in the form the page's sanitiser writes them
// back, so that a display passes it unchanged.
const (
	tableStyle = `border-collapse: collapse`
	cellStyle  = `padding: 0.1em 0.45em; text-align: right; border: 1px solid rgba(128, 128, 128, 0.35)`
	headStyle  = `padding: 0.1em 0.45em; text-align: right; font-weight: normal; opacity: 0.7`
)

// figure wraps body in a figure with caption, both already HTML.
func figure(body, caption string) string {
	var b strings.Builder
	b.WriteString(`<figure class="grundy-show">`)
	b.WriteString(body)
	if caption != "" {
		b.WriteString("<figcaption>")
		b.WriteString(caption)
		b.WriteString("</figcaption>")
	}
	b.WriteString("</figure>")
	return b.String()
}

var esc = html.EscapeString
