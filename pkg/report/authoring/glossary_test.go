package authoring

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/text"
)

// mystGlossary is a glossary in mystmd's form, a definition list, and
// {term} roles to its entries in every case, as written and as
// "text <term>".
const mystGlossary = `---
title: Glossary
---

:::{glossary}
Term one
: An explanation of **term 1**

A second term
: Another

Grundy value
: The mex of the values of the options.
:::

See {term}` + "`Term one`, {term}`the second <A second term>`, {term}`grundy value`, {term}`Grundy Value`.\n"

// TestMystGlossary checks the references of mystGlossary against
// mystmd's: a term reads as written in the role, matched to its entry
// whatever its case.
func TestMystGlossary(t *testing.T) {
	if n := sameRefsAsMystmd(t, mystGlossary); n != 4 {
		t.Errorf("mystmd resolved %d references, want 4", n)
	}
}

// TestGlossaryForms: a glossary in Sphinx's form and in mystmd's is a
// definition list on the page and in the post, each term with its id; a
// {term} to it links there, one to no term is marked and warned of.
func TestGlossaryForms(t *testing.T) {
	src := "```{glossary}\nTerm one\n  An indented explanation\n  on two lines.\n\n  A second paragraph.\n\nTwo names\nOne entry\n  A {term}`Term one` inside.\n```\n\n" +
		":::{glossary}\n:name: gl-m\n[MyST](https://mystmd.org)\n: A markup language.\n:::\n\n" +
		"See {term}`Term one`, {term}`the entry <one entry>`, {term}`MyST`, {term}`Missing`.\n"
	out, x := page(t, src)
	inOrder(t, "page", out, []string{
		`<dl class="glossary">` + "\n" + `<dt id="term-term-one">Term one</dt>` + "\n<dd>\n<p>An indented explanation\non two lines.</p>\n<p>A second paragraph.</p>\n</dd>\n",
		`<dt id="term-two-names">Two names</dt>` + "\n" + `<dt id="term-one-entry">One entry</dt>` + "\n<dd>\n" + `<p>A <a class="ref" href="#term-term-one">Term one</a> inside.</p>`,
		`<dl id="gl-m" class="glossary">` + "\n" + `<dt id="term-myst"><a href="https://mystmd.org">MyST</a></dt>` + "\n<dd>\n<p>A markup language.</p>\n</dd>\n</dl>",
		`See <a class="ref" href="#term-term-one">Term one</a>, <a class="ref" href="#term-one-entry">the entry</a>, <a class="ref" href="#term-myst">MyST</a>, <mark class="ref-missing"`,
	})
	post := string(Post([]byte(src), &Blocks{}, &Refs{Index: x}))
	inOrder(t, "post", post, []string{
		"<a id=\"term-term-one\"></a>Term one\n: An indented explanation\n  on two lines.\n: A second paragraph.\n\n",
		"<a id=\"term-two-names\"></a>Two names\n<a id=\"term-one-entry\"></a>One entry\n: A [Term one](#term-term-one) inside.\n",
		"<a id=\"gl-m\"></a>\n\n<a id=\"term-myst\"></a>[MyST](https://mystmd.org)\n: A markup language.\n",
		"See [Term one](#term-term-one), [the entry](#term-one-entry), [MyST](#term-myst), <mark class=\"ref-missing\">",
	})
	w := x.Check()
	if len(w) != 1 || !strings.Contains(w[0].Msg, `term "Missing": no glossary defines it`) {
		t.Errorf("warnings %v, want one of the term Missing", w)
	}
}

// TestTermLabel: labels match whatever the case and spacing, stay
// labels for any text, and are bounded.
func TestTermLabel(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Term one", "term-term-one"},
		{"  term   ONE ", "term-term-one"},
		{"Sprague–Grundy theorem", "term-sprague-grundy-theorem"},
		{`<script>alert("x")</script>`, "term-script-alert-x-script"},
		{"../../etc", "term-etc"},
	} {
		if got := TermLabel(tt.in); got != tt.want {
			t.Errorf("TermLabel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	for _, in := range []string{"Ω", "漢字", strings.Repeat("ab ", 500), ""} {
		if got := TermLabel(in); !validLabel(got) {
			t.Errorf("TermLabel(%q) = %q, not a label", in, got)
		}
	}
	if TermLabel("Ω") == TermLabel("漢字") {
		t.Error("two terms of no ASCII letter share a label")
	}
}

// TestReadGlossary reads glossary bodies into entries, in both forms.
func TestReadGlossary(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"A\n  a1\n  a2\n\n  a3\n\nB\n  b\n", "A=a1 a2|a3;B=b"},
		{"A\nB\n  ab\n", "A,B=ab;"},
		{"[MyST](https://mystmd.org)\n: a\n: b\nlazy\n", "[MyST](https://mystmd.org)=a|b lazy"},
		{"A\n: a1\nlazy\n\nB\n: b\n: b2\n", "A=a1 lazy;B=b|b2"},
		{"  orphan\nA\n", "orphan,A="},
		{"\n\n", ""},
	} {
		src := []byte(tt.in)
		var lines []text.Segment
		for at := 0; at < len(src); {
			end := lineEnd(src, at)
			lines = append(lines, text.NewSegment(at, end))
			at = end
		}
		var got []string
		for _, e := range readGlossary(lines, src) {
			var terms, defs []string
			for _, s := range e.terms {
				terms = append(terms, string(s.Value(src)))
			}
			for _, d := range e.defs {
				var ls []string
				for _, l := range d {
					ls = append(ls, string(l.Value(src)))
				}
				defs = append(defs, strings.Join(ls, " "))
			}
			got = append(got, strings.Join(terms, ",")+"="+strings.Join(defs, "|"))
		}
		if g := strings.Join(got, ";"); g != strings.TrimSuffix(tt.want, ";") && g+";" != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, g, tt.want)
		}
	}
}

// TestGlossaryHostile: script in terms and definitions is escaped or
// dropped, 10^5 terms are read within 60 s with bounded output and
// warnings, and a
// glossary nested deep is refused as any fence is.
func TestGlossaryHostile(t *testing.T) {
	out, _ := page(t, "```{glossary}\n<script>alert(1)</script>\n  <img src=x onerror=alert(1)>\n\n\"><b onmouseover=x>\n: y\n```\n\n{term}`<script>` {term}`x <\"><b onmouseover=x>>`\n")
	for _, bad := range []string{"<script>", "<img", "onerror", "<b onmouseover"} {
		if strings.Contains(out, bad) {
			t.Errorf("page holds %q:\n%s", bad, out)
		}
	}
	var b strings.Builder
	b.WriteString("```{glossary}\n")
	const n = 100_000
	for i := range n {
		b.WriteString("Term " + strconv.Itoa(i) + "\n  Its definition.\n\n")
	}
	b.WriteString("```\n\n{term}`Term 5` {term}`Term 99999`\n")
	start := time.Now()
	out, x := page(t, b.String())
	if d := time.Since(start); d > 60*time.Second {
		t.Errorf("%d terms took %v", n, d)
	}
	if len(out) > 100*b.Len() {
		t.Errorf("page of %d bytes from %d", len(out), b.Len())
	}
	if w := x.Check(); len(w) > 2*maxWarnings+2 {
		t.Errorf("%d warnings", len(w))
	}
	if !strings.Contains(out, `<a class="ref" href="#term-term-5">Term 5</a>`) {
		t.Error("a term of a large glossary is not linked")
	}
	deep := both(t, strings.Repeat(":::{note}\n", MaxDepth)+"```{glossary}\nA\n  a\n```\n")
	if !strings.Contains(deep, "nested deeper than 16") || strings.Contains(deep, "<dl") {
		t.Errorf("a glossary nested too deep is read:\n%s", deep)
	}
}

func FuzzGlossary(f *testing.F) {
	for _, s := range []string{
		"A\n  a1\n  a2\n\n  a3\n\nB\n  b\n", "A\nB\n  ab\n", "A\n: a1\nlazy\n\nB\n: b\n: b2\n", "  orphan\nA\n",
		":\n: \n:x\n\t: y\n", "A\r\n  b\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		src := []byte("```{glossary}\n" + body + "\n```\n\n{term}`A` {term}`x <B>`\n")
		out := both(t, string(src))
		if len(out) > 64*len(src)+4096 {
			t.Fatalf("output of %d bytes from %d", len(out), len(src))
		}
		var lines []text.Segment
		for at := 0; at < len(body); {
			end := lineEnd([]byte(body), at)
			lines = append(lines, text.NewSegment(at, end))
			at = end
		}
		for _, e := range readGlossary(lines, []byte(body)) {
			for _, s := range e.terms {
				if s.Start < 0 || s.Stop > len(body) || s.Start > s.Stop {
					t.Fatalf("term %v outside the body", s)
				}
			}
		}
	})
}
