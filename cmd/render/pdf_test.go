package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundylab/grundy/internal/browsertest"
)

// TestPDF renders a small notebook with -pdf and reads the PDF back with
// poppler's tools: it is a PDF, with the page's title, a page per sheet
// numbered, and none of what print leaves out.
func TestPDF(t *testing.T) {
	browsertest.Chromium(t)
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no pdftotext; CI must install poppler-utils")
		}
		t.Skip("no pdftotext (apt-get install poppler-utils)")
	}
	src := notebooks(t, "math.ipynb", "code.ipynb")
	out := filepath.Join(t.TempDir(), "site")
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"-execute", "never", "-pdf", "-o", out, src}, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	for name, title := range map[string]string{"math": "Nim sums and the mex rule", "code": "Running Go in a notebook prints"} {
		path := filepath.Join(out, name+".pdf")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF: %q", path, data[:min(20, len(data))])
		}
		info, err := exec.Command(filepath.Join(filepath.Dir(pdftotext), "pdfinfo"), path).CombinedOutput()
		if err != nil || !strings.Contains(string(info), "Pages:") {
			t.Errorf("pdfinfo %s: %v\n%s", path, err, info)
		}
		text, err := exec.Command(pdftotext, path, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", path, err)
		}
		if !strings.Contains(string(text), title) {
			t.Errorf("%s lacks the title %q:\n%s", path, title, text)
		}
		if strings.Contains(string(text), "All writeups") {
			t.Errorf("%s shows the link home, which print leaves out", path)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "index.pdf")); err == nil {
		t.Error("the index was printed")
	}
}

// TestPDFNoBrowser checks that -pdf with no browser fails at once, before
// rendering, saying how to get one.
func TestPDFNoBrowser(t *testing.T) {
	src := notebooks(t, "math.ipynb")
	tests := []struct{ env, path, want string }{
		{"", t.TempDir(), "apt-get install chromium"},
		{filepath.Join(t.TempDir(), "no-chrome"), os.Getenv("PATH"), "CHROME_PATH="},
	}
	for _, tt := range tests {
		t.Setenv("CHROME_PATH", tt.env)
		t.Setenv("PATH", tt.path)
		out := filepath.Join(t.TempDir(), "site")
		var stderr bytes.Buffer
		if code := run(context.Background(), []string{"-execute", "never", "-pdf", "-o", out, src}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), tt.want) || !strings.HasPrefix(stderr.String(), "render: -pdf: ") {
			t.Errorf("CHROME_PATH=%q: exit %d, stderr %q; want 1 and %q", tt.env, code, stderr.String(), tt.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("CHROME_PATH=%q: the site was rendered without its PDFs", tt.env)
		}
	}
}
