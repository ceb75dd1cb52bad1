package authoring

import (
	"html"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mystKinds are the statement kinds of sphinx-proof that mystmd numbers
// (proof has no number); mystmd 1.8 reads an exercise as sphinx-exercise
// writes it, {exercise}, not as {prf:exercise}.
var mystKinds = []string{"prf:theorem", "prf:lemma", "prf:corollary", "prf:proposition", "prf:conjecture", "prf:definition", "prf:example",
	"exercise", "prf:remark", "prf:axiom", "prf:criterion", "prf:algorithm", "prf:property", "prf:observation", "prf:assumption"}

// mystKindsDoc is a MyST document with two statements of each of
// mystKinds, a solution, a {table} and a list-table, then a reference to each in
// the forms {prf:ref}, {numref} and [](#label): the solution's reads
// "Solution to Exercise 1".
func mystKindsDoc() string {
	var doc, refs strings.Builder
	doc.WriteString("---\ntitle: Kinds\n---\n\n")
	for round := range 2 {
		for _, k := range mystKinds {
			label := strings.TrimPrefix(k, "prf:") + "-" + string(rune('a'+round))
			doc.WriteString(":::{" + k + "}\n:label: " + label + "\nStatement.\n:::\n\n")
			refs.WriteString("{prf:ref}`" + label + "`, [](#" + label + "), ")
		}
	}
	doc.WriteString(":::{solution} exercise-a\n:label: solution-a\nIt is.\n:::\n\n")
	doc.WriteString(":::{table} A table\n:name: tbl-a\n| a |\n|---|\n| 1 |\n:::\n\n")
	doc.WriteString("```{list-table} Another\n:name: tbl-b\n* - c\n```\n\n")
	refs.WriteString("{numref}`tbl-a`, {numref}`tbl-b`, {numref}`Thm {number} <theorem-b>`, [](#tbl-a), [](#solution-a), {prf:ref}`solution-a`.")
	return doc.String() + "## Refs\n\n" + refs.String() + "\n"
}

// TestMystKindsNumbers builds mystKindsDoc with mystmd and checks that
// every reference on the page reads as in mystmd's JATS: each kind
// numbered as mystmd numbers it, a {table} among the list-tables, a
// solution named by its exercise.
func TestMystKindsNumbers(t *testing.T) {
	doc := mystKindsDoc()
	if n := sameRefsAsMystmd(t, doc); n != 4*len(mystKinds)+6 {
		t.Errorf("mystmd resolved %d references, want %d", n, 4*len(mystKinds)+6)
	}
}

// sameRefsAsMystmd builds doc, a MyST document with front matter, with
// mystmd and checks that the page's references read as mystmd's, in
// order, and that the index warns of nothing; it returns the number of
// references mystmd resolved.
func sameRefsAsMystmd(t *testing.T, doc string) int {
	t.Helper()
	var theirs, ours []string
	for _, m := range xref.FindAllStringSubmatch(mystJATS(t, doc), -1) {
		theirs = append(theirs, m[1])
	}
	_, body, _ := strings.Cut(doc, "\n---\n")
	out, x := page(t, body)
	for _, m := range ourRef.FindAllStringSubmatch(out, -1) {
		ours = append(ours, m[1])
	}
	if strings.Join(ours, " | ") != strings.Join(theirs, " | ") {
		t.Errorf("references differ from mystmd's:\nours   %q\nmystmd %q", ours, theirs)
	}
	if w := x.Check(); len(w) > 0 {
		t.Errorf("warnings %v", w)
	}
	return len(theirs)
}

// TestMystCitationsAgainstPandoc: MyST's citation roles read as pandoc
// --citeproc reads the Pandoc citations that mean the same, {cite} and
// {cite:p} as [@a; @b], {cite:t} as @a, the reference list alike.
func TestMystCitationsAgainstPandoc(t *testing.T) {
	const myst = "A {cite}`knuth1984`. B {cite:t}`winning` says. C {cite:p}`knuth1984,winning`. D {cite:p}`grundy1939`. E {cite:t}`knuth1984,grundy1939`."
	const pandoc = "A [@knuth1984]. B @winning says. C [@knuth1984; @winning]. D [@grundy1939]. E @knuth1984; @grundy1939."
	out, x := citePage(t, myst)
	if got, want := citedText(out, x), pandocText(t, pandoc); got != want {
		t.Errorf("ours and pandoc's differ:\nours   %s\npandoc %s", got, want)
	}
}

// pandocText is the plain text pandoc --citeproc makes of md, cited from
// testdata/refs.bib, its spaces and line breaks each one space.
func pandocText(t *testing.T, md string) string {
	t.Helper()
	cmd := exec.Command(needTool(t, "pandoc", "apt-get install pandoc"), "--citeproc", "--bibliography", filepath.Join("testdata", "refs.bib"), "-t", "plain", "--wrap=none")
	cmd.Stdin = strings.NewReader(md)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pandoc: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// citedText is the text of a page and of its index's reference list
// without markup, as pandocText writes it.
func citedText(page string, x *Index) string {
	got := tags.ReplaceAllString(page, "") + "\n" + tags.ReplaceAllString(strings.ReplaceAll(ReferencesHTML(x), "</div>", "\n\n"), "")
	got = strings.Replace(html.UnescapeString(got), "References\n", "", 1)
	return strings.Join(strings.Fields(got), " ")
}
