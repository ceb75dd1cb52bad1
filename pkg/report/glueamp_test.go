package report

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// viewBytes returns the bytes of text a view's blocks hold: what its
// writers write, give or take their markup.
func viewBytes(v *View) int {
	n := 0
	for _, blk := range v.Blocks {
		n += len(blk.Text)
	}
	return n
}

// amplified returns a notebook that glues a text value of size bytes and
// quotes it refs times by role in one Markdown cell.
func amplified(t *testing.T, role string, size, refs int) *notebook.Notebook {
	value := strings.Repeat("glued text ", size/11)
	glued := out(t, map[string]any{GluePrefix + "text/plain": value, GluePrefix + "text/markdown": value}, scrapbook("v", GluePrefix))
	return glueNotebook(strings.Repeat(role, refs), glued)
}

// TestGlueAmplified checks that glue pastes no more than a constant
// times the notebook: one glued 1 MB text quoted 200 times by
// {glue:text} in one cell took 2.0 GB of memory and 77 s and wrote 400
// MB, with no warning. The roles are now paid for from the Markdown
// budget, so that past a point they are shown as written, with a warning,
// and a long value is cut as an output is.
func TestGlueAmplified(t *testing.T) {
	if testing.Short() {
		t.Skip("pastes megabytes; skipped in -short mode")
	}
	for _, role := range []string{"{glue:text}`v` and ", "{glue}`v` and ", "{glue:md}`v` and ", "```{glue:md} v\n```\n\n", "```{glue} v\n```\n\n"} {
		t.Run(role, func(t *testing.T) {
			nb := amplified(t, role, 1<<20, 200)
			in, err := notebook.Marshal(nb)
			if err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			v := mustView(t, nb, ViewOptions{})
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			got := viewBytes(v)
			t.Logf("%d bytes in: %d bytes of blocks, %d MB allocated, %v", len(in), got, (after.TotalAlloc-before.TotalAlloc)>>20, elapsed.Round(time.Millisecond))
			if got > 16*len(in) {
				t.Errorf("%d bytes of notebook made %d bytes of blocks, more than 16 times as many", len(in), got)
			}
			spent := false
			for _, w := range warningTexts(v) {
				spent = spent || strings.Contains(w, "budget")
			}
			if !spent {
				t.Errorf("no warning that the budget is spent: %.300q", warningTexts(v))
			}
		})
	}
}

// FuzzGlueBounded views a Markdown cell quoting a value glued in four
// forms: whatever the roles and directives, the view's blocks hold at
// most a constant times the notebook's bytes.
func FuzzGlueBounded(f *testing.F) {
	f.Add("{glue}`v` {glue:text}`v:>20` {glue:md}`v`", "a *b* c")
	f.Add(strings.Repeat("{glue:text}`v`", 100), strings.Repeat("x", 1000))
	f.Add(strings.Repeat("```{glue:md} v\n```\n\n", 30), "$$\\frac{a}{b}$$ <b>x</b>")
	f.Add(strings.Repeat("{glue:math}`v` ", 50), "\\sqrt{x}")
	// Issue 33's amplification, small: 400 quotes of 10 kB.
	f.Add(strings.Repeat("{glue:text}`v` ", 400), strings.Repeat("glued text ", 1000))
	f.Fuzz(func(t *testing.T, src, value string) {
		glued := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
		for _, mime := range []string{"text/plain", "text/markdown", "text/html", "text/latex"} {
			glued.Data.SetText(GluePrefix+mime, value)
		}
		glued.Metadata.Set("scrapbook", scrapbook("v", GluePrefix)["scrapbook"])
		nb := glueNotebook(src, glued)
		v, err := NewView(nb, ViewOptions{Name: "fuzz"})
		if err != nil {
			return
		}
		in := len(src) + 4*len(value)
		if got := viewBytes(v); got > 40*in+4096 {
			t.Fatalf("%d bytes of source and value made %d bytes of blocks", in, got)
		}
	})
}

// TestGluePastedOnce quotes a glued text ten times in a cell, which
// together paste more than half of what the notebook's glue may paste:
// the cell's glue is pasted once, for the metadata and for its blocks,
// so every quote is pasted and none is refused. Pasted twice, once to
// read the summary and once for the cell, the second time would find the
// allowance spent.
func TestGluePastedOnce(t *testing.T) {
	const quotes = 10
	value := strings.Repeat("x", 20000) + "END"
	glued := out(t, map[string]any{GluePrefix + "text/plain": value}, scrapbook("v", GluePrefix))
	v := mustView(t, glueNotebook(strings.Repeat("{glue:text}`v` ", quotes), glued), ViewOptions{})
	if w := warningTexts(v); len(w) > 0 {
		t.Errorf("warnings: %.300q", w)
	}
	pasted := 0
	for _, blk := range v.Blocks {
		pasted += strings.Count(blk.Text, "END")
	}
	if pasted != quotes {
		t.Errorf("%d of %d quotes pasted", pasted, quotes)
	}
	if !strings.Contains(v.Meta.Summary, "xxx") {
		t.Error("the summary shows no glued value")
	}
}
