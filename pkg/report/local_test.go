package report

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// filesLink matches a link to a file of the view named "n".
var filesLink = regexp.MustCompile(`n_files/[0-9a-f]{32}(\.[a-z0-9]+)?`)

func TestLocalFiles(t *testing.T) {
	folder := fstest.MapFS{
		"fig.png":        {Data: []byte("PNG fig")},
		"my fig.png":     {Data: []byte("PNG spaced")},
		"data/table.csv": {Data: []byte("x,y\n")},
		"pic.svg":        {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>`)},
		"evil.html":      {Data: []byte("<script>alert(1)</script>")},
		".env":           {Data: []byte("TOKEN=secret")},
		"big.png":        {Data: []byte(strings.Repeat("x", 200))},
		"sub":            {Mode: os.ModeDir},
	}
	tests := []struct {
		name, md string
		// copied is how many links point into the files folder; kept the
		// text that stays as written.
		copied  int
		kept    string
		warning string
	}{
		{"image", "![plain alt](fig.png)", 1, "![plain alt](", ""},
		{"dot slash", "![a](./fig.png)", 1, "", ""},
		{"angle brackets", "![a](<my fig.png>)", 1, "", ""},
		{"percent", "![a](my%20fig.png)", 1, "", ""},
		{"title", `![a](fig.png "Title")`, 1, `"Title"`, ""},
		{"link", "[the data](data/table.csv)", 1, "[the data](", ""},
		{"fragment", "[row 2](data/table.csv#row2)", 1, "#row2", ""},
		{"reference", "![a][f]\n\n[f]: fig.png", 1, "[f]: ", ""},
		{"html", `<img src="fig.png" alt="a">`, 1, `<img src="`, ""},
		{"html unquoted", `<img src=fig.png>`, 1, "", ""},
		{"same twice", "![a](fig.png) ![b](fig.png)", 2, "", ""},
		{"svg sanitised", "![a](pic.svg)", 1, "", ""},
		{"code span", "`![a](fig.png)`", 0, "`![a](fig.png)`", ""},
		{"code block", "```\n![a](fig.png)\n```", 0, "![a](fig.png)", ""},
		{"web", "![a](https://example.org/fig.png) [b](mailto:x@example.org)", 0, "https://example.org/fig.png", ""},
		{"rooted", "![a](/etc/fig.png)", 0, "/etc/fig.png", ""},
		{"fragment only", "[a](#top)", 0, "#top", ""},
		{"attachment", "![a](attachment:fig.png)", 0, "attachment:fig.png", ""},
		{"climbs", "![a](../secret.png)", 0, "../secret.png", `cell 1: local file "../secret.png" is outside the notebook's folder: not copied`},
		{"climbs inside", "![a](sub/../../secret.png)", 0, "", "outside the notebook's folder"},
		{"climbs encoded", "![a](%2e%2e/secret.png)", 0, "", "outside the notebook's folder"},
		{"backslash", `![a](..\secret.png)`, 0, "", "outside the notebook's folder"},
		{"hidden", "[a](.env)", 0, ".env", `local file ".env" is hidden: not copied`},
		{"missing", "![a](nope.png)", 0, "nope.png", `cell 1: local file "nope.png" not found beside the notebook: the link is left as written`},
		{"web page", "[a](evil.html) [b](missing.HTM)", 0, "(evil.html)", ""},
		{"footnote", "A note[^1].\n\n[^1]: Mex is the minimum excludant.", 0, "Mex", ""},
		{"reference in text", "see a]: fig.png", 0, "a]: fig.png", ""},
		{"too large", "![a](big.png)", 0, "big.png", `local file "big.png" left out: larger than 100 bytes`},
		{"folder", "[a](sub)", 0, "(sub)", ""},
		{"download", "{download}`data/table.csv`", 1, "{download}`table.csv <n_files/", ""},
		{"download with text", "{download}`the data <data/table.csv>`", 1, "{download}`the data <n_files/", ""},
		{"download in code", "`` {download}`data/table.csv` ``", 0, "{download}`data/table.csv`", ""},
		{"download climbs", "{download}`../secret.png`", 0, "{download}`../secret.png`", "outside the notebook's folder"},
		{"download unclosed", "{download}``data/table.csv`", 0, "{download}``data/table.csv`", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := NewView(markdownNotebook(nil, tt.md), ViewOptions{Name: "n", Local: folder, MaxImage: 100})
			if err != nil {
				t.Fatal(err)
			}
			var text string
			for _, b := range v.Blocks {
				if b.Kind == KindMarkdown {
					text += b.Text
				}
			}
			links := filesLink.FindAllString(text, -1)
			if len(links) != tt.copied || !strings.Contains(text, tt.kept) {
				t.Errorf("text %q: %d links to files, want %d, keeping %q", text, len(links), tt.copied, tt.kept)
			}
			for _, l := range links {
				f := v.File(l)
				if f == nil {
					t.Errorf("%s is no file of the view", l)
					continue
				}
				if strings.Contains(string(f.Data), "<script") {
					t.Errorf("%s holds a script: %q", l, f.Data)
				}
			}
			var warnings []string
			for _, w := range v.Warnings {
				warnings = append(warnings, w.String())
			}
			all := strings.Join(warnings, "\n")
			if tt.warning == "" && len(warnings) > 0 || !strings.Contains(all, tt.warning) {
				t.Errorf("warnings %q, want %q", warnings, tt.warning)
			}
		})
	}
}

// TestLocalFilesAttachment shows an attachment: its link, pointed at the
// view's file, is no local file to copy.
func TestLocalFilesAttachment(t *testing.T) {
	nb := markdownNotebook(nil, "![a](attachment:a.png)")
	nb.Cells[0].Attachments = map[string]notebook.MimeBundle{"a.png": {}}
	nb.Cells[0].Attachments["a.png"].SetText("image/png", "UE5H")
	v, err := NewView(nb, ViewOptions{Name: "n", Local: fstest.MapFS{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Files) != 1 || len(v.Warnings) != 0 {
		t.Errorf("files %d, warnings %v; want the attachment and none", len(v.Files), v.Warnings)
	}
}

// TestLocalFilesSymlink shows a symbolic link in the notebook's folder to
// a file outside it: through os.Root it is not read.
func TestLocalFilesSymlink(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "nb")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(parent, "private.png"), []byte("PNG private"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(parent, "private.png"), filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	v, err := NewView(markdownNotebook(nil, "![a](link.png)"), ViewOptions{Name: "n", Local: root.FS()})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Files) != 0 {
		t.Errorf("copied %q from outside the folder", v.Files[0].Data)
	}
	if len(v.Warnings) != 1 || v.Warnings[0].Cell != 1 {
		t.Errorf("warnings %v, want one for cell 1", v.Warnings)
	}
}

// TestLocalFilesTotal copies files until MaxLocalFiles is spent: the rest
// are left out with a warning.
func TestLocalFilesTotal(t *testing.T) {
	folder := fstest.MapFS{}
	var md strings.Builder
	const size = 10 << 20
	for i := range 8 {
		name := string(rune('a'+i)) + ".png"
		folder[name] = &fstest.MapFile{Data: []byte(strings.Repeat(name, size/5))}
		md.WriteString("![x](" + name + ")\n")
	}
	v, err := NewView(markdownNotebook(nil, md.String()), ViewOptions{Name: "n", Local: folder, MaxImage: -1})
	if err != nil {
		t.Fatal(err)
	}
	var total int
	for _, f := range v.Files {
		total += len(f.Data)
	}
	if total > MaxLocalFiles || len(v.Files) != MaxLocalFiles/(size/5*5) || len(v.Warnings) != 8-len(v.Files) {
		t.Errorf("%d files of %d bytes in all, %d warnings", len(v.Files), total, len(v.Warnings))
	}
}

// FuzzRewriteDestinations checks that rewriting every destination keeps
// the text around them and grows it by at most a constant factor, as a
// view's links to its files do.
func FuzzRewriteDestinations(f *testing.F) {
	for _, s := range []string{"![a](fig.png)", "[a]: <b c>\n", `<img src="x" href='y' src=z>`, "](", "`](x)` ](y)", "[a](b(c)d)"} {
		f.Add(s)
	}
	const repl = "n_files/0123456789abcdef0123456789abcdef.png"
	f.Fuzz(func(t *testing.T, src string) {
		n := 0
		out := rewriteDestinations(src, func(raw string, markdown bool) (string, bool) {
			n++
			return repl, true
		})
		if len(out) > len(src)+n*len(repl) || n > len(src)/2+1 {
			t.Errorf("%d destinations of %q gave %d bytes", n, src, len(out))
		}
		if n == 0 && out != src {
			t.Errorf("nothing replaced, yet %q became %q", src, out)
		}
	})
}

// TestCellWarningsBounded: a cell with a fault in each of 1,000 links
// names the first maxCellWarnings and says that more were left out,
// where every fault was noted before.
func TestCellWarningsBounded(t *testing.T) {
	var b strings.Builder
	for i := range 1_000 {
		fmt.Fprintf(&b, "![a](../secret%d.png) ", i)
	}
	v, err := NewView(markdownNotebook(nil, b.String(), "![b](../other.png)"), ViewOptions{Name: "n", Local: fstest.MapFS{}})
	if err != nil {
		t.Fatal(err)
	}
	var first, second, more int
	for _, w := range v.Warnings {
		switch {
		case w.Cell == 1 && strings.Contains(w.Msg, "more warnings about this cell"):
			more++
		case w.Cell == 1:
			first++
		case w.Cell == 2:
			second++
		}
	}
	if first != maxCellWarnings || more != 1 || second != 1 {
		t.Errorf("warnings: %d about cell 1, %d saying more were left out, %d about cell 2; want %d, 1, 1", first, more, second, maxCellWarnings)
	}
}
