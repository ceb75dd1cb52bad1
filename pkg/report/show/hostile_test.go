package show_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/games/heap"
	"github.com/grundylab/grundy/pkg/games/misere"
	"github.com/grundylab/grundy/pkg/games/play"
	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/check"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/internal/hostile"
	"github.com/grundylab/grundy/pkg/report/markdown"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/show"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"
)

// attack is a name, caption or position that tries to run script.
const attack = `<script>` + `alert(1)</script><img src=x onerror="alert(2)">]]></svg></figure><style>*{}</style>`

// evil is a position whose text is an attack.
type evil int

func (e evil) String() string { return fmt.Sprintf("%s%d", attack, int(e)) }

// hostileDisplays are displays of names, captions and positions that
// attack.
func hostileDisplays(t *testing.T) map[string]show.Display {
	t.Helper()
	g := check.Must(play.New(func(e evil) []evil {
		if e > 2 {
			return nil
		}
		return []evil{e + 1, e + 2}
	}, play.Normal, 0))
	proof := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
	seq := check.Must(heap.Octal(heap.Kayles, 30))
	wythoff := func(yield func([]int) bool) { yield([]int{1, 2}) }
	out := map[string]show.Display{
		"sequence":           check.Must(show.Sequence(seq, show.SequenceOptions{Caption: attack, Proof: &proof})),
		"proof":              check.Must(show.Proof(attack, proof)),
		"picture":            check.Must(show.PPositions(attack, 3, wythoff, true)),
		"coins":              check.Must(show.Coins(attack, check.Must(play.ParseRow("HTH")), func(x int) int { return x })),
		"options":            check.Must(show.Options(attack, g, evil(0))),
		"nim table":          check.Must(show.NimTable(4)),
		"board":              check.Must(show.CoinBoard(attack, check.Must(play.ParseBoard("HT/TH")), func(x, y int) int { return x * y })),
		"options on a board": check.Must(show.Options(attack, check.Must(play.NewBoardGame(check.Must(heap.Finite(1, 2)), check.Must(heap.Finite(1)), play.Normal, 0)), check.Must(play.ParseBoard("HH/TH")))),
		"quotient":           check.Must(show.Quotient(check.Must(misere.Solve("0.75", 100)), show.QuotientOptions{Caption: attack})),
	}
	return out
}

var blog = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))

// TestHostileNames: names, captions and positions that attack reach
// neither the page nor the post (read by a blog's goldmark with raw HTML
// allowed) as markup, and the display is still drawn on the page.
func TestHostileNames(t *testing.T) {
	for name, d := range hostileDisplays(t) {
		if strings.Contains(d.HTML, "<script") || strings.Contains(d.HTML, "<img") || strings.Contains(d.HTML, "<style") {
			t.Errorf("%s: the display carries the attack as markup:\n%s", name, d.HTML)
		}
		for _, p := range hostile.Check([]byte(d.HTML)) {
			t.Errorf("%s: display: %s", name, p)
		}
		out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
		for mime, content := range d.Bundle() {
			out.Data.SetText(mime, content)
		}
		nb := notebook.New()
		nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "show()", Outputs: []*notebook.Output{out}}}
		v, err := report.NewView(nb, report.ViewOptions{Name: "post"})
		if err != nil {
			t.Fatal(err)
		}
		page, err := htmlpage.Render(v, htmlpage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range hostile.Check(page) {
			t.Errorf("%s: page: %s", name, p)
		}
		if !bytes.Contains(page, []byte(`class="grundy-show"`)) {
			t.Errorf("%s: the page lost the display", name)
		}
		post := markdown.Render(v).Text
		var doc bytes.Buffer
		if err := blog.Convert(post, &doc); err != nil {
			t.Fatal(err)
		}
		for _, p := range hostile.Check(doc.Bytes()) {
			t.Errorf("%s: post: %s\n%s", name, p, post)
		}
	}
}
