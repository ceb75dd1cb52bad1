package authoring

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/mathml"
)

// TestTagRows checks the tags the post gives the equations a formula
// numbers, their count checked against package mathml's, which numbers
// the page.
func TestTagRows(t *testing.T) {
	tests := []struct {
		tex, label, want string
		count            int
	}{
		{`\begin{align}a \label{eq:a}\\ b\end{align}`, `\label{eq-x}`,
			`\begin{align}a \label{eq:a}\tag{4}\label{eq-x}\\ b\tag{5}\end{align}`, 2},
		{"\\begin{align}\na &= b \\nonumber\\\\\nc &= d \\tag{*}\\\\\ne\n\\end{align}", "",
			"\\begin{align}\na &= b \\nonumber\\\\\nc &= d \\tag{*}\\\\\ne\\tag{4}\n\\end{align}", 1},
		{`\begin{equation}\begin{split}a\\b\end{split}\end{equation}`, "",
			`\begin{equation}\begin{split}a\\b\end{split}\tag{4}\end{equation}`, 1},
		{`\begin{gather}a\\ {b\\c} \\ \begin{cases}x\\y\end{cases}\end{gather}`, "",
			`\begin{gather}a\tag{4}\\ {b\\c}\tag{5} \\ \begin{cases}x\\y\end{cases}\tag{6}\end{gather}`, 3},
		{`\begin{multline}a\\b\end{multline}`, "", `\begin{multline}a\\b\tag{4}\end{multline}`, 1},
		{"\\begin{align}a % \\\\ a comment\n\\\\ b\\end{align}", "", "\\begin{align}a % \\\\ a comment\\tag{4}\n\\\\ b\\tag{5}\\end{align}", 2},
		{`\begin{align*}a\\b\end{align*}`, "", `\begin{align*}a\\b\end{align*}`, 0},
		{`\begin{aligned}a\\b\end{aligned}`, "", `\begin{aligned}a\\b\end{aligned}`, 0},
		{`x = 1`, "", `x = 1`, 0},
		{`\end{align}`, "", `\end{align}`, 0},
		{`{\begin{align}a\end{align}}`, "", `{\begin{align}a\end{align}}`, 0},
	}
	checked := 0
	for _, tt := range tests {
		got, count := tagRows(tt.tex, 3, tt.label)
		if got != tt.want || count != tt.count {
			t.Errorf("tagRows(%q) = %q, %d; want %q, %d", tt.tex, got, count, tt.want, tt.count)
		}
		c := mathml.New()
		if err := c.Number(tt.tex); err == nil {
			checked++
			if c.Equations() != count {
				t.Errorf("tagRows(%q) counts %d, package mathml %d", tt.tex, count, c.Equations())
			}
		}
	}
	if checked < len(tests)-1 {
		t.Errorf("package mathml read %d of the %d formulas", checked, len(tests))
	}
}

// TestLabelTeX checks that a label the TeX names itself is not named
// twice (MathJax refuses a label defined twice) and that no label but a
// valid one is written.
func TestLabelTeX(t *testing.T) {
	for _, tt := range []struct{ tex, label, want string }{
		{`a \label{eq-x}`, "eq-x", ""},
		{`a \label{ eq-x }`, "eq-x", ""},
		{`a \label{eq-y}`, "eq-x", `\label{eq-x}`},
		{`a`, "", ""},
		{`a`, `x}\href{javascript:alert(1)}{`, ""},
	} {
		if got := labelTeX(tt.tex, tt.label); got != tt.want {
			t.Errorf("labelTeX(%q, %q) = %q, want %q", tt.tex, tt.label, got, tt.want)
		}
	}
}

// TestTagRowsLinear checks that a formula of many rows, or of many
// environments never closed, costs time in proportion to its size.
func TestTagRowsLinear(t *testing.T) {
	for name, tex := range map[string]string{
		"rows":     `\begin{align}` + strings.Repeat(`a\\`, 200000) + `\end{align}`,
		"unclosed": strings.Repeat(`\begin{`, 200000),
	} {
		start := time.Now()
		got, _ := tagRows(tex, 0, "")
		if d := time.Since(start); d > 5*time.Second || len(got) > 8*len(tex) {
			t.Errorf("%s: %v and %d bytes for %d", name, d, len(got), len(tex))
		}
	}
}

// insertedTag matches a tag tagRows writes.
var insertedTag = regexp.MustCompile(`\\tag\{[0-9]+\}`)

// FuzzTagRows checks that tagRows only adds tags, one for each number it
// counts, and that the TeX is the same without them.
func FuzzTagRows(f *testing.F) {
	for _, s := range []string{
		`\begin{align}a\\b\end{align}`, "\\begin{gather}a % c\n\\\\ b\\notag\\end{gather}",
		`\begin{equation}\begin{split}a\\b\end{split}\end{equation}`, `\begin {align*} a \\ \end{align*}`,
		`\end{x}\begin{align`, `\\\\\begin{eqnarray}{}}}\\\end{eqnarray}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tex string) {
		if strings.Contains(tex, `\tag{`) {
			return
		}
		got, count := tagRows(tex, 0, "")
		tags := insertedTag.FindAllString(got, -1)
		if len(tags) != count {
			t.Fatalf("%d numbers, %d tags in %q", count, len(tags), got)
		}
		if back := insertedTag.ReplaceAllString(got, ""); back != tex {
			t.Fatalf("tagRows(%q) changed it beyond its tags: %q", tex, got)
		}
	})
}
