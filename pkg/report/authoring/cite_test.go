package authoring

import (
	"bytes"
	"html"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/bib"
	"github.com/grundylab/grundy/pkg/report/mathml"
	"github.com/yuin/goldmark"
	goldhtml "github.com/yuin/goldmark/renderer/html"
)

// citePage renders cells with the bibliography of testdata/refs.bib.
func citePage(t *testing.T, cells ...string) (string, *Index) {
	t.Helper()
	return pageWith(t, testBib(t, ""), cells...)
}

// testBib reads testdata/refs.bib with more entries after it.
func testBib(t *testing.T, more string) *bib.Database {
	t.Helper()
	data, err := os.ReadFile("testdata/refs.bib")
	if err != nil {
		t.Fatal(err)
	}
	db, err := bib.Parse(append(data, more...))
	if err != nil {
		t.Fatal(err)
	}
	return db
}

var tags = regexp.MustCompile(`<[^>]*>`)

// TestCitations checks each form of citation against pandoc --citeproc's
// text for the same .bib (Debian's pandoc 2.17, plain output, checked by
// hand: TestCitationsAgainstPandoc runs it), and the references' order
// and anchors.
func TestCitations(t *testing.T) {
	out, x := citePage(t, "A [@knuth1984]. B @winning says. C [-@grundy1939]. D [see @knuth1984, p. 3; @winning]. E [@grundy1939, chap. 2].",
		"F {cite:t}`knuth1984`, G {cite:p}`knuth1984,winning`, H {cite}`grundy1939`.")
	text := tags.ReplaceAllString(out, "")
	for _, want := range []string{
		"A (Knuth 1984). B Berlekamp, Conway, and Guy (2001) says. C (1939). D (see Knuth 1984, 3; Berlekamp, Conway, and Guy 2001). E (Grundy 1939, chap. 2).",
		"F Knuth (1984), G (Knuth 1984; Berlekamp, Conway, and Guy 2001), H (Grundy 1939).",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("page lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(out, `<span class="citation">(<a href="#ref-knuth1984">Knuth 1984</a>)</span>`) {
		t.Errorf("citation not linked to its entry:\n%s", out)
	}
	refs := ReferencesHTML(x)
	var keys []string
	for _, m := range regexp.MustCompile(`id="(ref-[^"]+)"`).FindAllStringSubmatch(refs, -1) {
		keys = append(keys, m[1])
	}
	if got, want := strings.Join(keys, " "), "ref-winning ref-grundy1939 ref-knuth1984"; got != want {
		t.Errorf("references %q, want %q\n%s", got, want, refs)
	}
	if w := x.Check(); len(w) != 0 {
		t.Errorf("warnings %v", w)
	}
}

// TestCiteRoleForms checks the cite roles' forms that mystmd reads (its
// citations guide; mystmd 1.8.3's JATS for the same roles reads "(see
// Cockett et al., 2015, fig 1)", its own style): keys separated by ";"
// or ",", a prefix and a suffix in braces; in the page and the post.
func TestCiteRoleForms(t *testing.T) {
	cell := "A {cite:p}`knuth1984; winning`. B {cite:p}`{see}knuth1984{fig 1}`. C {cite:t}`{see}knuth1984{p. 3}`. " +
		"D {cite:p}`{see}knuth1984{and more}; grundy1939`. E {cite:p}`knuth1984 , winning`. F {cite:p}`{open knuth1984`."
	want := "A (Knuth 1984; Berlekamp, Conway, and Guy 2001). B (see Knuth 1984, fig 1). C see Knuth (1984, 3). " +
		"D (see Knuth 1984, and more; Grundy 1939). E (Knuth 1984; Berlekamp, Conway, and Guy 2001). F ({open knuth1984?)."
	out, _ := citePage(t, cell)
	if got := strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(out, ""))), " "); got != want {
		t.Errorf("page text\n got %s\nwant %s", got, want)
	}
	post := postWith(t, testBib(t, ""), cell)
	for _, w := range []string{"(see [Knuth 1984](#ref-knuth1984), fig 1)", "see Knuth ([1984, 3](#ref-knuth1984))"} {
		if !strings.Contains(post, w) {
			t.Errorf("post lacks %q:\n%s", w, post)
		}
	}
}

// TestCiteDOI: a MyST document cites a DOI it has no entry for as a link
// to doi.org, as mystmd 1.8.3 writes one it does not look up (myst build
// --jats offline: an ext-link to https://doi.org/10.1093/nar/22.22.4673),
// with a bibliography or without; a Quarto document, whose Pandoc reads
// no DOIs, marks it missing, in the page and in the post.
func TestCiteDOI(t *testing.T) {
	cell := "A {cite}`10.1093/nar/22.22.4673` B [@10.1093/nar/22.22.4673; @knuth1984]."
	link := `<a href="https://doi.org/10.1093/nar/22.22.4673">10.1093/nar/22.22.4673</a>`
	postLink := "[10.1093/nar/22.22.4673](https://doi.org/10.1093/nar/22.22.4673)"
	missing := `<mark class="cite-missing" title="not in the bibliography: 10.1093/nar/22.22.4673">`
	for _, tt := range []struct {
		name       string
		db         *bib.Database
		myst       bool
		links      int
		page, post []string
		warns      int
	}{
		{"myst with a bibliography", testBib(t, ""), true, 2, nil, []string{"A (" + postLink + ") B (" + postLink + "; [Knuth 1984](#ref-knuth1984))."}, 0},
		{"myst without", nil, true, 2, nil, []string{"A (" + postLink + ") B <mark class=\"cite-missing\">(" + link + "; knuth1984?)</mark>."}, 1}, // knuth1984: no bibliography
		{"quarto", testBib(t, ""), false, 0,
			[]string{"A " + missing + `<span class="citation">(10.1093/nar/22.22.4673?)</span></mark>`,
				"B " + missing + `<span class="citation">(10.1093/nar/22.22.4673?; <a href="#ref-knuth1984">Knuth 1984</a>)</span></mark>.`},
			[]string{`A <mark class="cite-missing">(10.1093/nar/22.22.4673?)</mark> B <mark class="cite-missing">(10.1093/nar/22.22.4673?; <a href="#ref-knuth1984">Knuth 1984</a>)</mark>.`},
			1}, // one warning a label a cell
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := NewIndex()
			x.Bibliography, x.MyST = tt.db, tt.myst
			x.Markdown(1, cell)
			out := renderPage(t, x, cell)
			if got := strings.Count(out, link); got != tt.links {
				t.Errorf("%d DOI links, want %d:\n%s", got, tt.links, out)
			}
			for _, want := range tt.page {
				if !strings.Contains(out, want) {
					t.Errorf("page lacks\n%s\n%s", want, out)
				}
			}
			post := postOf(x, cell)
			if got := strings.Count(post, "https://doi.org/10.1093/nar/22.22.4673"); got != tt.links {
				t.Errorf("%d DOI links in the post, want %d:\n%s", got, tt.links, post)
			}
			for _, want := range tt.post {
				if !strings.Contains(post, want) {
					t.Errorf("post lacks\n%s\n%s", want, post)
				}
			}
			if w := x.Check(); len(w) != tt.warns {
				t.Errorf("warnings %v, want %d", w, tt.warns)
			}
		})
	}
}

// pandocForms are citations whose reading TestCitationsAgainstPandoc
// checks: "ch." kept as written, a narrative citation's bracketed
// suffix, suffixes of bare text with and without a comma, a group over
// two lines.
const pandocForms = "F [@knuth1984, ch. 3]. G @knuth1984 [p. 33]. H @knuth1984 [see also]. I [@knuth1984 and more].\n" +
	"J [@knuth1984, and more]. K [@knuth1984;\n@winning]. L [see\n@knuth1984,\np. 3 and more]. M @winning [, p. 5]."

// TestCitationForms checks the page's text of pandocForms, as pandoc
// 2.17 writes them (TestCitationsAgainstPandoc compares), and that the
// group over lines is one citation in the post too.
func TestCitationForms(t *testing.T) {
	out, _ := citePage(t, pandocForms)
	want := "F (Knuth 1984, ch. 3). G Knuth (1984, 33). H Knuth (1984, see also). I (Knuth 1984 and more). " +
		"J (Knuth 1984, and more). K (Knuth 1984; Berlekamp, Conway, and Guy 2001). L (see Knuth 1984, 3 and more). " +
		"M Berlekamp, Conway, and Guy (2001, 5)."
	if got := strings.Join(strings.Fields(html.UnescapeString(tags.ReplaceAllString(out, ""))), " "); got != want {
		t.Errorf("page text\n got %s\nwant %s", got, want)
	}
}

// postWith renders the cells of a document as a post does: an index of
// them all first, then each cell's post form with one Refs.
func postWith(t testing.TB, db *bib.Database, cells ...string) string {
	t.Helper()
	x := NewIndex()
	x.Bibliography = db
	for i, c := range cells {
		x.Markdown(i+1, c)
	}
	return postOf(x, cells...)
}

// postOf renders the cells of a document that x recorded as a post does.
func postOf(x *Index, cells ...string) string {
	refs := &Refs{Index: x}
	var out strings.Builder
	for _, c := range cells {
		out.Write(Post([]byte(c), &mathml.Extender{}, &Blocks{}, refs))
		out.WriteString("\n\n")
	}
	return out.String()
}

// TestCitationLinks checks that each work of a citation links to its
// entry, as pandoc links them with link-citations: its authors, year and
// locator, not a prefix or the text after a locator; in the page and the
// post alike, a key that cannot be an id linking nowhere.
func TestCitationLinks(t *testing.T) {
	// A key of 125 bytes is too long for its id, "ref-" and the key.
	long := "bad" + strings.Repeat("k", 122)
	db := testBib(t, "\n@book{"+long+", author = {A, B}, title = {T}, year = 2000}\n")
	md := "A [see @knuth1984, p. 3 and more; @winning]. B @grundy1939 [p. 7]. C [@" + long + "]."
	out, _ := pageWith(t, db, md)
	for _, want := range []string{
		`<span class="citation">(see <a href="#ref-knuth1984">Knuth 1984, 3</a> and more; <a href="#ref-winning">Berlekamp, Conway, and Guy 2001</a>)</span>`,
		`<span class="citation">Grundy (<a href="#ref-grundy1939">1939, 7</a>)</span>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks\n%s\n%s", want, out)
		}
	}
	post := postWith(t, db, md)
	for _, want := range []string{
		`(see [Knuth 1984, 3](#ref-knuth1984) and more; [Berlekamp, Conway, and Guy 2001](#ref-winning))`,
		`Grundy ([1939, 7](#ref-grundy1939))`,
	} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks\n%s\n%s", want, post)
		}
	}
	if !strings.Contains(out, "(A 2000)") || strings.Contains(out+post, `#ref-bad`) {
		t.Errorf("a key that is no id is linked:\n%s\n%s", out, post)
	}
}

// TestCitationsMissing: a key the bibliography lacks is a warning and a
// mark; without a bibliography, "@key" is text (an "@property" in
// prose), "[@key]" and a MyST role still marked citations.
func TestCitationsMissing(t *testing.T) {
	out, x := citePage(t, "See [@nobody] and @property.")
	if !strings.Contains(out, `<mark class="cite-missing"`) || len(x.Check()) != 2 {
		t.Errorf("missing keys not marked or warned: %v\n%s", x.Check(), out)
	}
	out, x = pageWith(t, nil, "See [@nobody], @property and {cite}`nobody`.")
	if !strings.Contains(out, `See <mark class="cite-missing" title="no bibliography">[@nobody]</mark>, @property and <mark`) || len(x.Check()) != 1 {
		t.Errorf("without a bibliography: %v\n%s", x.Check(), out)
	}
}

// TestCitationsAgainstPandoc runs pandoc --citeproc on the citations of
// TestCitations and compares its plain text, and its reference list, with
// ours, up to markup and line breaks.
func TestCitationsAgainstPandoc(t *testing.T) {
	const md = "A [@knuth1984]. B @winning says. C [-@grundy1939]. D [see @knuth1984, p. 3; @winning]. E [@grundy1939, chap. 2].\n\n" + pandocForms
	want := pandocText(t, md)
	out, x := citePage(t, md)
	if got := citedText(out, x); got != want {
		t.Errorf("ours and pandoc's differ:\nours   %s\npandoc %s", got, want)
	}
}

// TestRefListMixed: a bracketed list of cross-references and citations
// writes the references as Quarto does and keeps the citations after
// them, where Quarto drops them, with a warning; the post alike.
func TestRefListMixed(t *testing.T) {
	db := testBib(t, "")
	cells := []string{"$$ a $$ {#eq-a}\n\n$$ b $$ {#eq-b}", "See [@eq-a; @knuth1984, p. 3; -@eq-b]."}
	out, x := pageWith(t, db, cells...)
	want := `See <a class="ref" href="#eq-a">Equation` + "\u00a0" + `1</a>, <a class="ref" href="#eq-b">2</a> <span class="citation">(<a href="#ref-knuth1984">Knuth 1984, 3</a>)</span>.`
	if !strings.Contains(out, want) {
		t.Errorf("page lacks\n%s\n%s", want, out)
	}
	if w := x.Warnings(); len(w) != 1 || w[0].Cell != 2 || !strings.Contains(w[0].Msg, "Quarto drops the citations") {
		t.Errorf("warnings %v, want one about cell 2's citations", w)
	}
	post := postWith(t, db, cells...)
	if want := "See [Equation\u00a01](#eq-a), [2](#eq-b) ([Knuth 1984, 3](#ref-knuth1984))."; !strings.Contains(post, want) {
		t.Errorf("post lacks\n%s\n%s", want, post)
	}
}

// TestHostileCitations checks the new paths of citations and lists of
// references with hostile prefixes, suffixes, keys and labels: nothing of
// them reaches the page or the post as markup, and a group of many lines
// or many "[" costs time and output in proportion to its size.
func TestHostileCitations(t *testing.T) {
	evil := `<script>alert(1)</script><img src=x onerror=alert(1)>"'`
	db := testBib(t, "\n@book{evil, author = {"+evil+"}, title = {"+evil+"}, year = {"+evil+"}, url = {javascript:alert(1)}}\n")
	cells := []string{
		"$$ a $$ {#eq-a}",
		"[" + evil + " @eq-a; -@eq-a; " + evil + " @knuth1984, p. 3 " + evil + "]",
		"@knuth1984 [" + evil + "] and @evil [p. 3, " + evil + "]",
		"[@evil;\nsee " + evil + " @winning,\nand " + evil + "]", // a line starting "<script" would be an HTML block
		"[@fig-\"><script>; @eq-a]",
	}
	page, x := pageWith(t, db, cells...)
	_, page, _ = strings.Cut(page, "</div>\n") // the formula, styled by package mathml
	if bad := unsafeMarkup(page + ReferencesHTML(x)); bad != "" {
		t.Errorf("the page holds %s:\n%s", bad, page)
	}
	// The post is read later by a Markdown reader that passes HTML through.
	post := postWith(t, db, cells...) + ReferencesPost(x)
	var b bytes.Buffer
	md := goldmark.New(goldmark.WithRendererOptions(goldhtml.WithUnsafe()))
	if err := md.Convert([]byte(post), &b); err != nil {
		t.Fatal(err)
	}
	if bad := unsafeMarkup(b.String()); bad != "" {
		t.Errorf("the post holds %s:\n%s", bad, post)
	}
	for name, src := range map[string]string{
		"lines":    "[@knuth1984" + strings.Repeat(";\n@winning", 20_000) + "]",
		"brackets": strings.Repeat("[\n", 20_000) + "@knuth1984",
		"one line": strings.Repeat("[", 100_000) + "@knuth1984",
		"lists":    strings.Repeat("[@eq-a; @eq-a] ", 20_000),
	} {
		start := time.Now()
		out, _ := pageWith(t, db, "$$ a $$ {#eq-a}", src)
		if len(out) > 64*len(src)+8192 || time.Since(start) > 10*time.Second {
			t.Errorf("%s: %d bytes of input give %d of output in %v", name, len(src), len(out), time.Since(start))
		}
	}
}

// TestRefListSuffix: the text after a reference in a list, which Quarto
// drops, follows the reference with a warning; in the post too.
func TestRefListSuffix(t *testing.T) {
	cells := []string{"$$ a $$ {#eq-a}", "See [@eq-a, left]."}
	out, x := page(t, cells...)
	if want := `See <a class="ref" href="#eq-a">Equation` + "\u00a0" + `1</a>, left.`; !strings.Contains(out, want) {
		t.Errorf("page lacks\n%s\n%s", want, out)
	}
	if w := x.Warnings(); len(w) != 1 || w[0].Cell != 2 || !strings.Contains(w[0].Msg, "Quarto drops the text") {
		t.Errorf("warnings %v, want one about cell 2's text", w)
	}
	if post, want := postWith(t, nil, cells...), "See [Equation\u00a01](#eq-a), left."; !strings.Contains(post, want) {
		t.Errorf("post lacks\n%s\n%s", want, post)
	}
}
