package pdf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPrintConfined prints a page, as -trust lets a notebook write it,
// that refers to files outside its folder: an image climbing out with
// "../", an iframe of a file: URL, a symbolic link inside the folder to a
// file outside. Before, the iframe put the file's text into the PDF and
// the image was printed; now neither is, Print says what it left out,
// and what lies inside the folder is printed, with every folded part
// open.
func TestPrintConfined(t *testing.T) {
	p := printer(t)
	dir := t.TempDir()
	site := filepath.Join(dir, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, data string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(dir, "secret.txt")
	write(secret, "IFRAMESECRET")
	write(filepath.Join(dir, "secret.svg"), `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="0" y="30" font-size="20">SVGSECRET</text></svg>`)
	write(filepath.Join(site, "inside.txt"), "INSIDETEXT")
	if err := os.Symlink(secret, filepath.Join(site, "link.txt")); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(site, "p.html")
	write(page, `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>
<p>Visible text.</p>
<iframe src="file://`+secret+`"></iframe>
<iframe src="link.txt"></iframe>
<object data="../secret.svg" type="image/svg+xml"></object>
<iframe src="inside.txt"></iframe>
<details><summary>Show</summary><p>FOLDEDTEXT</p></details>
<details class="more"><summary>More</summary><pre>RESTOFOUTPUT</pre></details>
</body></html>`)
	data, err := p.Print(context.Background(), page)
	var left *LeftOutError
	if !errors.As(err, &left) || data == nil {
		t.Fatalf("Print = %d bytes, %v; want a PDF and a LeftOutError", len(data), err)
	}
	text := strings.Join(pdfText(t, data), "\n")
	for _, leak := range []string{"IFRAMESECRET", "SVGSECRET"} {
		if strings.Contains(text, leak) {
			t.Errorf("the PDF shows %s, from outside the page's folder", leak)
		}
	}
	for _, want := range []string{"Visible text.", "INSIDETEXT", "FOLDEDTEXT", "RESTOFOUTPUT"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF does not show %q:\n%s", want, text)
		}
	}
	if len(left.URLs) != 3 || !strings.Contains(err.Error(), "secret.txt") {
		t.Errorf("left out %q (%v)", left.URLs, err)
	}
}

// TestPrintLimits checks that a print over a limit of size, time or
// memory stops with an error wrapping ErrLimit, and the browser prints
// the next page as before.
func TestPrintLimits(t *testing.T) {
	p := printer(t)
	dir := t.TempDir()
	page := writePage(t, dir, "b", "# A page\n\nSome text.")
	big := filepath.Join(dir, "big.html")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxPageSize + 1)
	f.Close()
	if _, err := p.Print(context.Background(), big); !errors.Is(err, ErrLimit) {
		t.Errorf("a page of %d bytes: %v, want ErrLimit", MaxPageSize+1, err)
	}
	p.Timeout = time.Millisecond
	if _, err := p.Print(context.Background(), page); !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "took more than") {
		t.Errorf("a print over its time: %v, want ErrLimit", err)
	}
	p.Timeout, p.Memory = 0, 1<<20
	if _, err := p.Print(context.Background(), page); !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "the browser took") {
		t.Errorf("a print over its memory: %v, want ErrLimit", err)
	}
	p.Memory = 0
	if _, err := p.Print(context.Background(), page); err != nil {
		t.Errorf("the print after: %v", err)
	}
}

// TestPrintLongTable prints a page holding one table of 40,000 rows,
// which drove Chromium to 6.7 GB and past two minutes, and the notebook
// with its page and post was lost. Such a print is stopped at the memory
// limit, the browser's memory never far past it, and the next page
// prints.
func TestPrintLongTable(t *testing.T) {
	if testing.Short() {
		t.Skip("prints a page of 40,000 rows; skipped in -short mode")
	}
	p := printer(t)
	p.Memory = 1 << 30
	var b strings.Builder
	b.WriteString("# A long table\n\n| n | g(n) | note |\n|-|-|-|\n")
	for i := range 40000 {
		fmt.Fprintf(&b, "| %d | %d | row %d of the table |\n", i, i%7, i)
	}
	dir := t.TempDir()
	page := writePage(t, dir, "t", b.String())
	var peak int64
	pid := browserPid(p) // the browser that prints it, which may be replaced after
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				peak = max(peak, treeMemory(pid))
			}
		}
	}()
	start := time.Now()
	data, err := p.Print(context.Background(), page)
	close(stop)
	<-done
	t.Logf("40,000 rows: %d bytes of PDF in %v, the browser at most %d MB: %v", len(data), time.Since(start).Round(time.Millisecond), peak>>20, err)
	if err != nil && !errors.Is(err, ErrLimit) {
		t.Fatal(err)
	}
	if peak > p.Memory+512<<20 {
		t.Errorf("the browser took %d MB; the limit is %d MB", peak>>20, p.Memory>>20)
	}
	if _, err := p.Print(context.Background(), writePage(t, dir, "next", "# Next\n\nA short page.")); err != nil {
		t.Errorf("the print after: %v", err)
	}
}
