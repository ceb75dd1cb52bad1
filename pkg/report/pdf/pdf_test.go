package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/htmlpage"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// need returns the path of a program the test needs: without it the test
// is skipped on a developer's machine and fails in CI (env CI set), which
// installs the Debian packages chromium and poppler-utils.
func need(t *testing.T, find func() (string, error), what string) string {
	t.Helper()
	path, err := find()
	if err == nil {
		return path
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s: %v; CI must install it", what, err)
	}
	t.Skipf("%s: %v", what, err)
	return ""
}

func lookPath(name string) func() (string, error) {
	return func() (string, error) { return exec.LookPath(name) }
}

// printer starts a Printer for the test.
func printer(t *testing.T) *Printer {
	t.Helper()
	exe := need(t, FindBrowser, "browser")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	p, err := Start(ctx, exe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		socket, _ := os.Readlink(filepath.Join(p.tmp, "SingletonSocket"))
		if err := p.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		// The browser's files are gone: its profile, and the folder of
		// its socket in the temporary folder.
		for _, f := range []string{p.tmp, filepath.Dir(socket)} {
			if _, err := os.Stat(f); socket == "" || err == nil {
				t.Errorf("%s left behind after Close (socket %q)", f, socket)
			}
		}
	})
	return p
}

// writePage renders a notebook of Markdown cells as a site's page, with
// its navigation, contents and links to neighbours, into dir.
func writePage(t *testing.T, dir, name string, cells ...string) string {
	t.Helper()
	nb := notebook.New()
	for _, c := range cells {
		nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Markdown, Source: c})
	}
	v, err := report.NewView(nb, report.ViewOptions{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	v.Provenance = &report.Provenance{Notebook: name + ".ipynb", Stored: true, Command: "render " + name + ".ipynb"}
	page, err := htmlpage.Render(v, htmlpage.Options{Home: "index.html",
		Prev: &htmlpage.Link{URL: "a.html", Title: "The page before"}, Next: &htmlpage.Link{URL: "c.html", Title: "The page after"}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// pdfText returns the text of a PDF by pdftotext, one string per sheet.
func pdfText(t *testing.T, data []byte) []string {
	t.Helper()
	tool := need(t, lookPath("pdftotext"), "pdftotext (poppler-utils)")
	cmd := exec.Command(tool, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\f"), "\f")
}

// TestPrint prints a page and reads its PDF back: its title and text are
// there, with page numbers, and what the print stylesheet leaves out (the
// link home, the contents, the links to the neighbouring pages) is not;
// the provenance at its end is.
func TestPrint(t *testing.T) {
	p := printer(t)
	dir := t.TempDir()
	var long []string
	for i := range 40 {
		long = append(long, fmt.Sprintf("Paragraph %d of the derivation, long enough to fill a line or two of the printed sheet.", i))
	}
	page := writePage(t, dir, "b", "# Kayles on paper\n\n## First part\n\n"+strings.Join(long, "\n\n")+"\n\n## Second part\n\nThe end.")
	data, err := p.Print(context.Background(), page)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", data[:min(len(data), 20)])
	}
	sheets := pdfText(t, data)
	if len(sheets) < 2 {
		t.Fatalf("%d sheets, want the text to fill two at least", len(sheets))
	}
	all := strings.Join(sheets, "\n")
	for _, want := range []string{"Kayles on paper", "Paragraph 39 of the derivation", "The end.", "How this was made", "render b.ipynb"} {
		if !strings.Contains(all, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	for _, not := range []string{"All writeups", "Contents", "The page before", "The page after", "Next"} {
		if strings.Contains(all, not) {
			t.Errorf("the PDF shows %q, which print leaves out", not)
		}
	}
	for i, s := range sheets {
		// pdftotext may drop the spaces around the slash.
		if want := regexp.MustCompile(fmt.Sprintf(`(?m)^\s*%d ?/ ?%d\s*$`, i+1, len(sheets))); !want.MatchString(s) {
			t.Errorf("sheet %d lacks its number %s:\n%s", i+1, want, s)
		}
		if !strings.Contains(s, "Kayles on paper") {
			t.Errorf("sheet %d lacks the title in its header", i+1)
		}
	}
}

// TestPrintKeepsBlocksWhole prints pages where a short code block and a
// table fall at every height of a sheet in turn: neither is ever split.
func TestPrintKeepsBlocksWhole(t *testing.T) {
	p := printer(t)
	dir := t.TempDir()
	var code, table []string
	for i := range 12 {
		code = append(code, fmt.Sprintf("codeline%02d := %d", i, i))
		table = append(table, fmt.Sprintf("| row%02d | %d |", i, i*i))
	}
	block := "```go\n" + strings.Join(code, "\n") + "\n```\n\n| n | n² |\n|---|---|\n" + strings.Join(table, "\n")
	for n := 20; n < 44; n += 3 {
		var filler []string
		for i := range n {
			filler = append(filler, fmt.Sprintf("Filler line %d.", i))
		}
		page := writePage(t, dir, fmt.Sprintf("p%d", n), "# Blocks", strings.Join(filler, "\n\n"), block)
		data, err := p.Print(context.Background(), page)
		if err != nil {
			t.Fatal(err)
		}
		for _, prefix := range []string{"codeline", "row"} {
			sheet := -1
			for i, s := range pdfText(t, data) {
				if strings.Contains(s, prefix) {
					if sheet >= 0 {
						t.Errorf("%d lines of filler: the %s block is split over sheets %d and %d", n, prefix, sheet+1, i+1)
					}
					sheet = i
				}
			}
			if sheet < 0 {
				t.Errorf("%d lines of filler: no %s in the PDF", n, prefix)
			}
		}
	}
}

// TestFindBrowser checks that CHROME_PATH is taken, and that with no
// browser the error says how to get one.
func TestFindBrowser(t *testing.T) {
	empty := t.TempDir()
	t.Setenv("PATH", empty)
	t.Setenv(BrowserEnv, "")
	if _, err := FindBrowser(); runtime.GOOS != "darwin" &&
		(!errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "apt-get install chromium") || !strings.Contains(err.Error(), BrowserEnv)) {
		t.Errorf("FindBrowser with none = %v, want ErrNoBrowser saying how to install one", err)
	}
	fake := filepath.Join(empty, "my-chrome")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(BrowserEnv, fake)
	if got, err := FindBrowser(); err != nil || got != fake {
		t.Errorf("FindBrowser with %s=%s = %q, %v", BrowserEnv, fake, got, err)
	}
	t.Setenv(BrowserEnv, filepath.Join(empty, "missing"))
	if _, err := FindBrowser(); err == nil || !strings.Contains(err.Error(), BrowserEnv+"=") {
		t.Errorf("FindBrowser with a missing %s = %v", BrowserEnv, err)
	}
}
