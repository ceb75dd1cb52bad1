package site

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/markdown"
)

// gitRepo makes a git repository in a fresh folder, with the user's and
// the system's git configuration left out. It skips the test where git
// is not installed (CI has it: it clones the project).
func gitRepo(t *testing.T) (dir string, git func(date string, args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git on PATH")
	}
	dir = t.TempDir()
	git = func(date string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=A", "GIT_AUTHOR_EMAIL=a@example.com", "GIT_COMMITTER_NAME=C", "GIT_COMMITTER_EMAIL=c@example.com",
			"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("", "init", "-q")
	return dir, git
}

// frontMatterOf reads back the metadata of a post in out.
func frontMatterDate(t *testing.T, out, name string) time.Time {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, name+".md"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := markdown.ReadFrontMatter(data)
	if err != nil {
		t.Fatal(err)
	}
	return m.Date
}

// TestDates checks where a page's date comes from: the notebook's
// metadata, else its last commit, else the file's modification time (a
// notebook never committed, or in no repository).
func TestDates(t *testing.T) {
	repo, git := gitRepo(t)
	notebooktest.WriteMarkdown(t, filepath.Join(repo, "nb", "committed.ipynb"), "# Committed")
	notebooktest.WriteMarkdown(t, filepath.Join(repo, "nb", "dated.ipynb"), "---\ndate: 2001-02-03\n---", "# Dated")
	git("2020-05-06T07:08:09Z", "add", ".")
	git("2020-05-06T07:08:09Z", "commit", "-q", "-m", "first")
	notebooktest.WriteMarkdown(t, filepath.Join(repo, "nb", "committed.ipynb"), "# Committed", "Edited since.")
	git("2021-01-02T03:04:05+02:00", "commit", "-q", "-am", "second")
	notebooktest.WriteMarkdown(t, filepath.Join(repo, "nb", "new.ipynb"), "# New")
	outside := filepath.Join(t.TempDir(), "outside.ipynb")
	notebooktest.WriteMarkdown(t, outside, "# Outside")
	mtime := time.Date(2019, 1, 1, 12, 0, 0, 0, time.Local)
	for _, f := range []string{filepath.Join(repo, "nb", "committed.ipynb"), filepath.Join(repo, "nb", "new.ipynb"), outside} {
		if err := os.Chtimes(f, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	out := t.TempDir()
	s := &Site{Dir: out, MathFont: noFont(t)}
	if err := s.Build(context.Background(), []string{filepath.Join(repo, "nb"), outside}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want time.Time
	}{
		{"committed", time.Date(2021, 1, 2, 1, 4, 5, 0, time.UTC)},
		{"dated", time.Date(2001, 2, 3, 0, 0, 0, 0, time.Local)},
		{"new", mtime},
		{"outside", mtime},
	}
	for _, tt := range tests {
		// Front matter keeps the local time to the second.
		if got := frontMatterDate(t, out, tt.name); !got.Equal(tt.want) {
			t.Errorf("%s dated %v, want %v", tt.name, got, tt.want.Local())
		}
	}
}

// TestGitProvenance checks what a page says of its notebook's commit: the
// short hash of its last commit, whether the file changed since, and the
// path from the repository's top folder, in the command too; and that
// nothing names a folder of this machine.
func TestGitProvenance(t *testing.T) {
	repo, git := gitRepo(t)
	nbDir := filepath.Join(repo, "my notebooks")
	notebooktest.WriteMarkdown(t, filepath.Join(nbDir, "clean.ipynb"), "# Clean")
	notebooktest.WriteMarkdown(t, filepath.Join(nbDir, "changed.ipynb"), "# Changed")
	git("2020-05-06T07:08:09Z", "add", ".")
	git("2020-05-06T07:08:09Z", "commit", "-q", "-m", "first")
	head := git("", "rev-parse", "--short", "HEAD")
	notebooktest.WriteMarkdown(t, filepath.Join(nbDir, "changed.ipynb"), "# Changed", "Not committed.")
	notebooktest.WriteMarkdown(t, filepath.Join(nbDir, "untracked.ipynb"), "# Untracked")
	out := t.TempDir()
	if err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{nbDir}); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, want string }{
		{"clean", "<code>my notebooks/clean.ipynb</code> at commit <code>" + head + "</code></dd>"},
		{"changed", "<code>my notebooks/changed.ipynb</code> at commit <code>" + head + "</code>, with changes not committed</dd>"},
		{"untracked", "<code>my notebooks/untracked.ipynb</code> (not committed)</dd>"},
		{"clean", "<code>render -execute never &#39;my notebooks/clean.ipynb&#39;</code> (from the repository&#39;s top folder)"},
	}
	for _, tt := range tests {
		page, err := os.ReadFile(filepath.Join(out, tt.name+".html"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(page, []byte(tt.want)) {
			_, end, _ := bytes.Cut(page, []byte("</main>"))
			t.Errorf("%s: page lacks %s:\n%s", tt.name, tt.want, end)
		}
		if bytes.Contains(page, []byte(repo)) || bytes.Contains(page, []byte(out)) {
			t.Errorf("%s: page names a folder of this machine", tt.name)
		}
	}
}

// TestGitDash checks a notebook whose name starts with a dash, which git
// must not take for an option.
func TestGitDash(t *testing.T) {
	repo, git := gitRepo(t)
	notebooktest.WriteMarkdown(t, filepath.Join(repo, "--output=x.ipynb"), "# Dash")
	git("2020-05-06T07:08:09Z", "add", "--", "--output=x.ipynb")
	git("2020-05-06T07:08:09Z", "commit", "-q", "-m", "first")
	f, ok := gitInfo(context.Background(), "git", filepath.Join(repo, "--output=x.ipynb"))
	if !ok || f.Rel != "--output=x.ipynb" || f.Commit == "" || f.Modified || !f.Date.Equal(time.Date(2020, 5, 6, 7, 8, 9, 0, time.UTC)) || f.Date.Location() != time.Local {
		t.Errorf("gitInfo = %+v, %v", f, ok)
	}
	if _, err := os.Stat(filepath.Join(repo, "x")); err == nil {
		t.Error("a git option was taken from the file's name")
	}
}
