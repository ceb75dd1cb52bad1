package authoring

import (
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
// the forms {prf:ref}, {numref} and [](#label).
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
	refs.WriteString("{numref}`tbl-a`, {numref}`tbl-b`, {numref}`Thm {number} <theorem-b>`, [](#tbl-a).")
	return doc.String() + "## Refs\n\n" + refs.String() + "\n"
}

// TestMystKindsNumbers builds mystKindsDoc with mystmd and checks that
// every reference on the page reads as in mystmd's JATS: each kind
// numbered as mystmd numbers it, a {table} among the list-tables.
func TestMystKindsNumbers(t *testing.T) {
	doc := mystKindsDoc()
	if n := sameRefsAsMystmd(t, doc); n != 4*len(mystKinds)+4 {
		t.Errorf("mystmd resolved %d references, want %d", n, 4*len(mystKinds)+4)
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
