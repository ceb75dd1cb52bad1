package site

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/pdf"
)

// TestPDFWarningsNamePages prints with Chromium a notebook whose print
// is stopped by its time limit and a trusted one whose page shows a file
// from outside the site. Each is written, the first without a PDF, and
// its warning names the notebook and the page's file, as the reader
// knows them, where before it named the temporary copy printed
// (.render-tmp-….html).
func TestPDFWarningsNamePages(t *testing.T) {
	exe := browsertest.Chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	p, err := pdf.Start(ctx, exe)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()

	src := t.TempDir()
	out := filepath.Join(t.TempDir(), "site")
	slow := filepath.Join(src, "slow.ipynb")
	notebooktest.WriteMarkdown(t, slow, "# Slow")
	var warnings []string
	s := &Site{Dir: out, MathFont: noFont(t), PDF: p, Warn: func(msg string) { warnings = append(warnings, msg) }}
	p.Timeout = time.Millisecond
	if err := s.Build(ctx, []string{slow}); err != nil {
		t.Fatal(err)
	}
	checkPDFWarning(t, warnings, slow, filepath.Join(out, "slow.html"), "no PDF", pdf.ErrLimit.Error())
	if _, err := os.Stat(filepath.Join(out, "slow.pdf")); err == nil {
		t.Error("slow.pdf written for a print stopped by its time limit")
	}

	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("SECRET"), 0o600); err != nil {
		t.Fatal(err)
	}
	leaky := filepath.Join(src, "leaky.ipynb")
	notebooktest.WriteMarkdown(t, leaky, "# Leaky\n\n<iframe src=\""+browsertest.FileURL(secret)+"\"></iframe>")
	warnings = nil
	p.Timeout = 0
	s.Trust = true
	if err := s.Build(ctx, []string{leaky}); err != nil {
		t.Fatal(err)
	}
	checkPDFWarning(t, warnings, leaky, filepath.Join(out, "leaky.html"), "printed without "+browsertest.FileURL(secret))
	if _, err := os.Stat(filepath.Join(out, "leaky.pdf")); err != nil {
		t.Errorf("leaky.pdf: %v", err)
	}
}

// checkPDFWarning checks that one warning is about the notebook and its
// page and says each of says, and that none names a temporary file.
func checkPDFWarning(t *testing.T, warnings []string, notebook, page string, says ...string) {
	t.Helper()
	found := false
	for _, w := range warnings {
		if strings.Contains(w, tmpPrefix) {
			t.Errorf("warning %q names a temporary file", w)
		}
		if !strings.HasPrefix(w, "notebook "+notebook+": ") || !strings.Contains(w, page) {
			continue
		}
		found = true
		for _, s := range says {
			if !strings.Contains(w, s) {
				t.Errorf("warning %q does not say %q", w, s)
			}
		}
	}
	if !found {
		t.Errorf("warnings %q, want one naming %s and %s", warnings, notebook, page)
	}
}
