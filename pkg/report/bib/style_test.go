package bib

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTitleCase(t *testing.T) {
	tests := []struct{ in, want string }{
		{"on numbers and games", "On Numbers and Games"},
		{"Winning Ways for your Mathematical Plays", "Winning Ways for Your Mathematical Plays"},
		{"the theory Of games and nim-values", "The Theory of Games and Nim-Values"},
		{"NIM multiplication: a {GAME} in a 2-adic world?", "NIM Multiplication: A GAME in a 2-Adic World?"},
		{"Akademie van Wetenschappen, Series A", "Akademie van Wetenschappen, Series a"},
		{"x y z: about it", "X y z: About It"},
		{"Games: the end. a new one? the end! yes", "Games: The End. A New One? The End! Yes"},
		{"d'Alembert's games (in parentheses)", "D’alembert’s Games (in Parentheses)"},
		{"The {G}-values of various games", "The G-Values of Various Games"},
		{"über allen Gipfeln", "Über Allen Gipfeln"},
		{"theory of games to play with", "Theory of Games to Play with"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := titleCase(decode(tt.in)); got != tt.want {
			t.Errorf("titleCase(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// A journal's name is not lowered first: its capitals stay.
	if got := containerCase(decode("journal Of Games, Series A")); got != "Journal Of Games, Series A" {
		t.Errorf("containerCase = %q", got)
	}
}

func TestPageRange(t *testing.T) {
	tests := []struct{ in, want string }{
		{"3--10", "3–10"}, {"71-72", "71–72"}, {"100-104", "100–104"},
		{"1100-1123", "1100–1123"}, {"107-108", "107–8"}, {"505-517", "505–17"},
		{"1002-1006", "1002–6"}, {"321-325", "321–25"}, {"415-532", "415–532"},
		{"11564-11568", "11564–68"}, {"13792-13803", "13792–803"},
		{"1496-1504", "1496–1504"}, {"2787-2816", "2787–2816"}, {"438--444", "438–44"},
		{"G05", "G05"}, {"12, 15", "12, 15"}, {"xii-xv", "xii–xv"}, {"9-3", "9–3"},
	}
	for _, tt := range tests {
		if got := pageRange(tt.in); got != tt.want {
			t.Errorf("pageRange(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSplitLocator(t *testing.T) {
	tests := []struct {
		in, label, value, rest string
	}{
		{"p. 3", "page", "3", ""},
		{", pp. 3-5", "page", "3-5", ""},
		{", 12-14", "page", "12-14", ""},
		{"chap. 2", "chapter", "2", ""},
		{", sec. 3, emphasis added", "section", "3", ", emphasis added"},
		{", pp. 12, 15", "page", "12, 15", ""},
		{"33, note", "page", "33", ", note"},
		{"§ 4", "section", "4", ""},
		{"p. iv", "page", "iv", ""},
		{", and elsewhere", "", "", ", and elsewhere"},
		{"emphasis mine", "", "", " emphasis mine"},
		{", ch. 3", "", "", ", ch. 3"},
		{"¶ 7", "paragraph", "7", ""},
		{"sub verbo nim", "sub verbo", "nim", ""},
		{", s.v. nim, passim", "sub verbo", "nim", ", passim"},
		{"sub rosa", "", "", " sub rosa"},
		{"", "", "", ""},
	}
	for _, tt := range tests {
		loc, rest := splitLocator(tt.in)
		var label, value string
		if loc != nil {
			label, value = loc.label, loc.value
		}
		if label != tt.label || value != tt.value || rest != tt.rest {
			t.Errorf("splitLocator(%q) = %q %q + %q, want %q %q + %q", tt.in, label, value, rest, tt.label, tt.value, tt.rest)
		}
	}
}

func testDB(t testing.TB) *Database {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "cgt.bib"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// TestCite checks the in-text forms without pandoc, from the same
// database as TestAgainstPandoc (whose expectations pandoc confirms).
func TestCite(t *testing.T) {
	db := testDB(t)
	s := db.Styler([]string{"knuth1974", "knuth1984tex", "knuth1984lp", "smith1966", "synth-edition",
		"synth-four", "synth-four-b", "winningways1", "sprague1935", "synth-noauthor", "synth-nodate"})
	tests := []struct {
		items []Item
		mode  Mode
		want  string
	}{
		{[]Item{{Key: "sprague1935"}}, Parenthetical, "(Sprague 1935)"},
		{[]Item{{Key: "sprague1935"}}, Narrative, "Sprague (1935)"},
		{[]Item{{Key: "sprague1935", SuppressAuthor: true, Suffix: "p. 440"}}, Parenthetical, "(1935, 440)"},
		{[]Item{{Key: "knuth1984tex"}, {Key: "knuth1984lp"}}, Parenthetical, "(Knuth 1984b, 1984a)"},
		{[]Item{{Key: "knuth1984lp", Suffix: ", 97"}, {Key: "knuth1984tex"}}, Parenthetical, "(Knuth 1984a, 97; 1984b)"},
		{[]Item{{Key: "smith1966"}, {Key: "synth-edition"}}, Parenthetical, "(C. A. B. Smith 1966; J. Smith 1999)"},
		{[]Item{{Key: "synth-four"}, {Key: "synth-four-b"}}, Parenthetical, "(Alpha, Beta, et al. 2010; Alpha, Epsilon, et al. 2010)"},
		{[]Item{{Key: "winningways1", Prefix: "see", Suffix: "p. 3"}}, Parenthetical, "(see Berlekamp, Conway, and Guy 2001, 1:3)"},
		{[]Item{{Key: "winningways1", Suffix: "chap. 2"}}, Narrative, "Berlekamp, Conway, and Guy (2001, vol. 1, chap. 2)"},
		{[]Item{{Key: "synth-noauthor"}}, Parenthetical, "(“Anonymous Remarks on Wythoff’s Game” 2011)"},
		{[]Item{{Key: "synth-nodate"}}, Parenthetical, "(J. Smith, n.d.)"},
		{[]Item{{Key: "missing"}, {Key: "sprague1935"}}, Parenthetical, "(missing?; Sprague 1935)"},
	}
	for _, tt := range tests {
		spans, _ := s.Cite(tt.items, tt.mode)
		if got := plainText(spans); got != tt.want {
			t.Errorf("Cite(%+v) = %q, want %q", tt.items, got, tt.want)
		}
	}
	_, missing := s.Cite([]Item{{Key: "x"}, {Key: "sprague1935"}, {Key: "x"}, {Key: "y"}}, Parenthetical)
	if strings.Join(missing, ",") != "x,y" {
		t.Errorf("missing = %q, want x,y", missing)
	}
}

// TestLinkDOIs: with LinkDOIs a DOI the database lacks is its link to
// doi.org and not missing; without it, or for a key that is no DOI, it
// is missing as any key.
func TestLinkDOIs(t *testing.T) {
	db := testDB(t)
	doi := "10.1093/nar/22.22.4673"
	items := []Item{{Key: doi}, {Key: "sprague1935"}, {Key: "10.12/x"}}
	for _, link := range []bool{false, true} {
		s := db.Styler([]string{doi, "sprague1935"})
		s.LinkDOIs = link
		spans, missing := s.Cite(items, Parenthetical)
		want, wantMissing := "(10.1093/nar/22.22.4673?; Sprague 1935; 10.12/x?)", doi+",10.12/x"
		if link {
			want, wantMissing = "(10.1093/nar/22.22.4673; Sprague 1935; 10.12/x?)", "10.12/x"
		}
		if got := plainText(spans); got != want || strings.Join(missing, ",") != wantMissing {
			t.Errorf("LinkDOIs %v: %q missing %q, want %q missing %q", link, got, missing, want, wantMissing)
		}
		linked := ""
		for _, sp := range spans {
			linked += sp.Link
		}
		if wantLink := map[bool]string{true: "https://doi.org/" + doi}[link]; linked != wantLink {
			t.Errorf("LinkDOIs %v: links %q, want %q", link, linked, wantLink)
		}
	}
}

func TestIsDOI(t *testing.T) {
	for key, want := range map[string]bool{
		"10.1093/nar/22.22.4673": true, "10.1016/S0098-3004(15)30056-X": true, "10.1000/a;b:c": true,
		"10.12/x": false, "11.1093/x": false, "10.1093/": false, "10.1093/a b": false, `10.1093/a"b`: false,
		"10.1093/<script>": false, "knuth1984": false, "10.1093/" + strings.Repeat("a", 300): false,
	} {
		if got := IsDOI(key); got != want {
			t.Errorf("IsDOI(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestReferences(t *testing.T) {
	db := testDB(t)
	refs := db.References([]string{"guy1956", "knuth1984tex", "knuth1984lp", "missing", "guy1956", "ferguson"})
	var keys []string
	for _, r := range refs {
		keys = append(keys, r.Key)
	}
	if got, want := strings.Join(keys, " "), "ferguson guy1956 knuth1984lp knuth1984tex"; got != want {
		t.Fatalf("keys %q, want %q", got, want)
	}
	want := []string{
		"Ferguson, Thomas S. 2014. “Game Theory.” https://www.math.ucla.edu/~tom/Game_Theory/Contents.html.",
		"Guy, Richard K., and Cedric A. B. Smith. 1956. “The G-Values of Various Games.” Mathematical Proceedings of the Cambridge Philosophical Society 52 (3): 514–26. https://doi.org/10.1017/S0305004100031509.",
		"Knuth, Donald E. 1984a. “Literate Programming.” The Computer Journal 27 (2): 97–111.",
		"———. 1984b. The TeXbook. Reading, MA: Addison-Wesley.",
	}
	for i, r := range refs {
		if got := plainText(r.Spans); got != want[i] {
			t.Errorf("reference %s:\n got %q\nwant %q", r.Key, got, want[i])
		}
	}
	// Titles of books and journals are in italics; DOIs and URLs are links.
	guy := refs[1].Spans
	var emph, links []string
	for _, s := range guy {
		if s.Emph {
			emph = append(emph, s.Text)
		}
		if s.Link != "" {
			links = append(links, s.Link)
		}
	}
	if len(emph) != 1 || emph[0] != "Mathematical Proceedings of the Cambridge Philosophical Society" {
		t.Errorf("italics %q", emph)
	}
	if len(links) != 1 || links[0] != "https://doi.org/10.1017/S0305004100031509" {
		t.Errorf("links %q", links)
	}
}

// TestNoUnsafeLinks checks that only http(s) URLs become links, whatever a
// .bib file says.
func TestNoUnsafeLinks(t *testing.T) {
	db, err := Parse([]byte(`
@misc{js, title={x}, url={javascript:alert(1)}, year=1}
@misc{data, title={x}, howpublished={\url{data:text/html,<script>}}, year=1}
@misc{space, title={x}, url={https://a b}, year=1}
@misc{doi, title={x}, doi={10.1/"><script>}, year=1}
@misc{ok, title={x}, url={https://example.org/a?b=c}, year=1}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range db.References(db.Keys()) {
		for _, s := range r.Spans {
			if s.Link != "" && (r.Key != "ok" || s.Link != "https://example.org/a?b=c") {
				t.Errorf("%s: link %q", r.Key, s.Link)
			}
		}
	}
}

func TestStylerUncitedKey(t *testing.T) {
	db := testDB(t)
	s := db.Styler(nil)
	spans, missing := s.Cite([]Item{{Key: "conway1976"}}, Narrative)
	if got := plainText(spans); got != "Conway (1976)" || missing != nil {
		t.Errorf("Cite of a key the styler was not made with = %q, %q", got, missing)
	}
	if refs := s.References(); len(refs) != 0 {
		t.Errorf("References of no keys = %+v", refs)
	}
}

// TestStylerConcurrent formats from one Styler in several goroutines (run
// with -race).
func TestStylerConcurrent(t *testing.T) {
	db := testDB(t)
	keys := db.Keys()
	s := db.Styler(keys)
	want := s.References()
	done := make(chan []Reference)
	for range 4 {
		go func() {
			for _, k := range keys {
				s.Cite([]Item{{Key: k, Suffix: "p. 3"}, {Key: "conway1976"}}, Parenthetical)
			}
			done <- s.References()
		}()
	}
	for range 4 {
		if got := <-done; len(got) != len(want) {
			t.Errorf("%d references, want %d", len(got), len(want))
		}
	}
}

func TestQuotedAt(t *testing.T) {
	db, err := Parse([]byte(`@misc{k, note = "write to a@b.example"}`))
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := db.Entry("k"); e.Fields["note"] != "write to a@b.example" {
		t.Errorf("note %q", e.Fields["note"])
	}
}

// TestReferenceKeyAsCited checks that a key cited in another case than
// the .bib file's finds its entry and names its reference as cited, so
// that a citation's link and the reference's anchor agree.
func TestReferenceKeyAsCited(t *testing.T) {
	db := testDB(t)
	refs := db.References([]string{"Conway1976", "conway1976"})
	if len(refs) != 1 || refs[0].Key != "Conway1976" {
		t.Errorf("references %+v, want one keyed Conway1976", refs)
	}
}

// TestCiteKeys checks which text of a citation is marked as each work's,
// the text pandoc --citeproc links to the work's entry with
// link-citations: the authors, the year and the locator, never a prefix,
// a suffix's text, the parentheses or a missing key.
func TestCiteKeys(t *testing.T) {
	db, err := Parse([]byte(`@book{a, author = {Knuth, D.}, title = {T}, year = 1984}
@book{b, author = {Knuth, D.}, title = {U}, year = 1986}
@book{c, author = {Conway, J.}, title = {V}, year = 1976}`))
	if err != nil {
		t.Fatal(err)
	}
	s := db.Styler([]string{"a", "b", "c", "z"})
	tests := []struct {
		items []Item
		mode  Mode
		want  string // the keyed text in {key:...}
	}{
		{[]Item{{Key: "a", Prefix: "see", Suffix: ", p. 3 and more"}, {Key: "c"}}, Parenthetical, "(see {a:Knuth 1984, 3} and more; {c:Conway 1976})"},
		{[]Item{{Key: "a"}, {Key: "b", Suffix: ", 5"}}, Parenthetical, "({a:Knuth 1984}; {b:1986, 5})"},
		{[]Item{{Key: "a", Suffix: ", p. 3"}}, Narrative, "Knuth ({a:1984, 3})"},
		{[]Item{{Key: "a", SuppressAuthor: true}}, Parenthetical, "({a:1984})"},
		{[]Item{{Key: "z"}, {Key: "c"}}, Parenthetical, "(z?; {c:Conway 1976})"},
	}
	for _, tt := range tests {
		spans, _ := s.Cite(tt.items, tt.mode)
		var b strings.Builder
		for _, sp := range spans {
			if sp.Key != "" {
				b.WriteString("{" + sp.Key + ":" + sp.Text + "}")
			} else {
				b.WriteString(sp.Text)
			}
		}
		if got := b.String(); got != tt.want {
			t.Errorf("Cite(%+v) = %s, want %s", tt.items, got, tt.want)
		}
	}
}
