package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPageNames(t *testing.T) {
	long := strings.Repeat("é", 120) // 240 bytes
	for _, tc := range []struct {
		files, want []string
	}{
		{[]string{"nb/pe310.ipynb", "nb/pe260.ipynb"}, []string{"pe310", "pe260"}},
		{[]string{"/s/index.ipynb", "/s/a.ipynb"}, []string{"s-index", "a"}},
		{[]string{"/s/INDEX.ipynb"}, []string{"s-INDEX"}},
		{[]string{"/s/d1/same.ipynb", "/s/d2/same.ipynb", "/s/other.ipynb"}, []string{"d1-same", "d2-same", "other"}},
		{[]string{"/a/x/same.ipynb", "/b/x/same.ipynb"}, []string{"a-x-same", "b-x-same"}},
		{[]string{"/d/Same.ipynb", "/e/same.ipynb"}, []string{"d-Same", "e-same"}},
		{[]string{"/s/.hidden.ipynb", "/s/.ipynb", "/s/...ipynb"}, []string{"_.hidden", "_", "_.."}},
		{[]string{"/s/a\\b.ipynb", "/t/a_b.ipynb"}, []string{"s-a_b", "t-a_b"}},
		{[]string{"/index.ipynb"}, []string{"index-" + shortHash("/index.ipynb")}},
		{[]string{"/s/" + long + ".ipynb"}, []string{truncate(long, MaxNameLen-9) + "-" + shortHash(long)}},
	} {
		got, err := PageNames(tc.files)
		if err != nil {
			t.Errorf("PageNames(%q): %v", tc.files, err)
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("PageNames(%q) = %q, want %q", tc.files, got, tc.want)
		}
	}
}

// shortHash is the hash PageNames adds to a name it cannot qualify.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:4])
}

// checkNames checks the promises of PageNames on files: a name each,
// distinct without regard to case, none the index's, each a visible file
// name that fits, and the same whatever the order of files.
func checkNames(t *testing.T, files []string) {
	t.Helper()
	names, err := PageNames(files)
	if err != nil {
		t.Fatalf("PageNames(%q): %v", files, err)
	}
	if len(names) != len(files) {
		t.Fatalf("PageNames(%q) gave %d names", files, len(names))
	}
	seen := map[string]string{}
	for i, n := range names {
		k := strings.ToLower(n)
		if k == IndexName {
			t.Errorf("%s named %q, the index's name", files[i], n)
		}
		if other, ok := seen[k]; ok {
			t.Errorf("%s and %s both named %q", other, files[i], n)
		}
		seen[k] = files[i]
		if n == "" || strings.HasPrefix(n, ".") || strings.ContainsAny(n, "/\\\x00") || len(n) > MaxNameLen {
			t.Errorf("%s named %q, not a visible file name that fits", files[i], n)
		}
	}
	reversed := slices.Clone(files)
	slices.Reverse(reversed)
	again, err := PageNames(reversed)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(again)
	if !slices.Equal(names, again) {
		t.Errorf("names depend on the order of the files: %q then %q", names, again)
	}
}

// TestPageNamesBruteForce checks every set of up to three notebooks drawn
// from clashing paths.
func TestPageNamesBruteForce(t *testing.T) {
	pool := []string{
		"/s/index.ipynb", "/s/d1/same.ipynb", "/s/d2/same.ipynb", "/s/d1-same.ipynb", "/t/d1/same.ipynb",
		"/s/Same.ipynb", "/s/same.ipynb", "/index.ipynb", "/s/.ipynb", "/s/_.ipynb", "/a-b/c.ipynb", "/a/b-c.ipynb",
		"/x/a/b-c.ipynb", "/s/a\\b.ipynb", "/s/a_b.ipynb",
	}
	for i := range pool {
		for j := i + 1; j <= len(pool); j++ {
			for k := j + 1; k <= len(pool); k++ {
				files := []string{pool[i]}
				if j < len(pool) {
					files = append(files, pool[j])
				}
				if k < len(pool) {
					files = append(files, pool[k])
				}
				checkNames(t, files)
			}
		}
	}
}

func FuzzPageNames(f *testing.F) {
	f.Add("index", "same", "same", "a/b")
	f.Add(".x", "", "INDEX", "x\x00")
	f.Fuzz(func(t *testing.T, a, b, c, d string) {
		var files []string
		seen := map[string]bool{}
		for _, s := range []string{a, b, c, d} {
			// As Notebooks gives them: distinct clean paths of files,
			// which hold no NUL.
			p := filepath.Clean(filepath.Join("/f", s+".ipynb"))
			if seen[p] || !strings.HasPrefix(p, "/f/") || strings.Contains(p, "\x00") {
				continue
			}
			seen[p] = true
			files = append(files, p)
		}
		checkNames(t, files)
	})
}

func TestPageURL(t *testing.T) {
	base, _ := url.Parse("file:///site/index.html")
	for _, name := range []string{"pe310", "a#b", "what?", "100%", "100%25", "two words", "f(x)", "<script>", "числа", "javascript:alert(1)", "x\"y'z", "a\\b", "a\nb"} {
		u, err := url.Parse(PageURL(name))
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if got := base.ResolveReference(u); got.Scheme != "file" || got.Path != "/site/"+name+".html" || got.RawQuery != "" || got.Fragment != "" {
			t.Errorf("PageURL(%q) = %q leads to %s", name, PageURL(name), got)
		}
	}
	if got := PageURL("pe310"); got != "pe310.html" {
		t.Errorf("PageURL(pe310) = %q", got)
	}
}

func TestReadFont(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{file("cff.otf", []byte("OTTO\x00\x0a")), true},
		{file("tt.ttf", []byte("\x00\x01\x00\x00\x00\x0a")), true},
		{file("passwd", []byte("root:x:0:0\n")), false},
		{file("empty.otf", nil), false},
		{file("short.otf", []byte("OT")), false},
		{file("big.otf", append([]byte("OTTO"), make([]byte, MaxFontSize)...)), false},
		{"/dev/zero", false},
		{dir, false},
	} {
		_, err := readFont(tc.path)
		if tc.ok && err != nil {
			t.Errorf("%s: %v", tc.path, err)
		}
		if !tc.ok && (!errors.Is(err, ErrFont) || !strings.Contains(err.Error(), "math font "+tc.path)) {
			t.Errorf("%s: error %v, want ErrFont naming the file", tc.path, err)
		}
	}
}

// TestLockWaits holds the lock on a site: a build waits, says so, and
// gives up when its context ends, having written nothing.
func TestLockWaits(t *testing.T) {
	out := t.TempDir()
	unlock, err := lockDir(context.Background(), out, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	var warnings []string
	ctx, cancel := context.WithTimeout(context.Background(), 3*lockPoll)
	defer cancel()
	s := &Site{Dir: out, MathFont: noFont(t), Warn: func(m string) { warnings = append(warnings, m) }}
	err = s.Build(ctx, []string{copyNotebooks(t, "math.ipynb")})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "waiting for another render into "+out) {
		t.Errorf("error %v", err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "waiting") {
		t.Errorf("warnings %q, want one saying it waits", warnings)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("a build that never got the lock wrote %v", entries)
	}
	unlock()
	if err := s.Build(context.Background(), []string{copyNotebooks(t, "math.ipynb")}); err != nil {
		t.Errorf("after the lock was released: %v", err)
	}
}

// BenchmarkPageNames names n notebooks, half of them sharing a base name
// with another.
func BenchmarkPageNames(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		files := make([]string, n)
		for i := range files {
			files[i] = fmt.Sprintf("/s/d%d/nb%d.ipynb", i%2, i/2)
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := PageNames(files); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuild renders n copies of the test notebooks into a site.
func BenchmarkBuild(b *testing.B) {
	names := []string{"math.ipynb", "outputs.ipynb", "code.ipynb", "chinese.ipynb", "untitled.ipynb"}
	for _, n := range []int{5, 20, 40} {
		src := b.TempDir()
		for i := range n {
			data, err := os.ReadFile(filepath.Join("..", "testdata", names[i%len(names)]))
			if err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(src, fmt.Sprintf("nb%02d.ipynb", i)), data, 0o644); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			out := b.TempDir()
			s := &Site{Dir: out, MathFont: filepath.Join(src, "no-font.otf")}
			for b.Loop() {
				if err := s.Build(context.Background(), []string{src}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func FuzzReadFrontMatter(f *testing.F) {
	f.Add([]byte("---\ntitle: T\ndate: 2024-01-02 03:04:05\ntags:\n  - a\ndescription: 'x <b>y</b>'\n---\n\nbody\n"))
	f.Add([]byte("---\ntitle: [\n---\n"))
	f.Add([]byte("---\ndate: 2024\n---\n"))
	f.Add([]byte("no front matter"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "post.md"), data, 0o644); err != nil {
			t.Fatal(err)
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer root.Close()
		meta, err := readFrontMatter(root, "post.md")
		if err == nil && meta.Date.IsZero() {
			t.Errorf("no error, and no date, from %q", data)
		}
	})
}
