package siteconf

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, file, yaml string
		want             Settings
		warn             []string // each in some warning
	}{
		{
			name: "render blog", file: RenderFile,
			yaml: "title: Nim notes\nauthor: Ada\nsite-url: https://example.org/blog\ndescription: |\n  Games,\n  played.\norder: date\ncss: style.css\n",
			want: Settings{Title: "Nim notes", Authors: []string{"Ada"}, URL: "https://example.org/blog/",
				Description: "Games, played.", Order: ByDate, Stylesheets: []string{"style.css"}},
		},
		{
			name: "render course", file: RenderFile,
			yaml: "authors: [Ada, {name: Bob}]\norder: [intro.ipynb, ./part/two.qmd, intro.ipynb]\ncss: [a.css, css/b.css]\n",
			want: Settings{Authors: []string{"Ada", "Bob"}, Order: Listed, Pages: []string{"intro.ipynb", "part/two.qmd"},
				Stylesheets: []string{"a.css", "css/b.css"}},
		},
		{
			name: "render unknown key", file: RenderFile, yaml: "title: T\ntitel: U\nsiteurl: x\n",
			want: Settings{Title: "T"}, warn: []string{"render does not use siteurl, titel"},
		},
		{
			name: "quarto website", file: QuartoFile,
			yaml: `project:
  type: website
author:
  - name: Ada Lovelace
  - Bob
website:
  title: "Games"
  site-url: http://example.org
  description: Impartial games
  navbar:
    left: [about.qmd]
  sidebar:
    contents:
      - index.qmd
      - section: Basics
        contents:
          - basics/nim.ipynb
          - text: Sums
            href: basics/sums.qmd
      - auto
      - "*.ipynb"
      - href: https://example.org/elsewhere
format:
  html:
    theme: cosmo
    css: [site.css]
`,
			want: Settings{Title: "Games", Authors: []string{"Ada Lovelace", "Bob"}, URL: "http://example.org/",
				Description: "Impartial games", Order: Listed,
				Pages: []string{"index.qmd", "basics/nim.ipynb", "basics/sums.qmd"}, Stylesheets: []string{"site.css"}},
			warn: []string{"render does not use format.html.theme, project"},
		},
		{
			name: "quarto navbar only", file: QuartoFile,
			yaml: "title: Top\nwebsite:\n  navbar:\n    left:\n      - href: a.qmd\n      - text: More\n        menu: [b.ipynb]\n    right: [c.md]\n",
			want: Settings{Title: "Top", Order: Listed, Pages: []string{"a.qmd", "b.ipynb", "c.md"}},
		},
		{
			name: "myst", file: MystFile,
			yaml: `version: 1
project:
  title: Project
  authors:
    - name: {given: Ada, family: Lovelace}
    - Bob
  description: About games
  toc:
    - file: index.md
    - title: Part
      children:
        - file: part/one.ipynb
        - pattern: "part/*.md"
        - url: https://example.org
site:
  title: The site
  options:
    style: ./style.css
    logo: logo.png
`,
			want: Settings{Title: "The site", Authors: []string{"Ada Lovelace", "Bob"}, Description: "About games",
				Order: Listed, Pages: []string{"index.md", "part/one.ipynb"}, Stylesheets: []string{"style.css"}},
			warn: []string{"site.options.logo"},
		},
		{
			name: "myst version", file: MystFile, yaml: "version: 2\nproject: {title: P}\n",
			want: Settings{Title: "P"}, warn: []string{"version 2"},
		},
		{
			name: "empty", file: RenderFile, yaml: "",
			want: Settings{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, warnings, err := Parse(tt.file, []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*s, tt.want) {
				t.Errorf("got  %+v\nwant %+v", *s, tt.want)
			}
			all := strings.Join(warnings, "\n")
			for _, w := range tt.warn {
				if !strings.Contains(all, w) {
					t.Errorf("no warning %q in %q", w, all)
				}
			}
			if len(tt.warn) == 0 && len(warnings) > 0 {
				t.Errorf("unexpected warnings %q", warnings)
			}
		})
	}
}

// TestHostile gives settings an attacker wrote: each is refused, or kept
// as plain text for the writers to escape.
func TestHostile(t *testing.T) {
	bomb := "a: &a [" + strings.Repeat("x,", 500) + "x]\nb: &b [" + strings.Repeat("*a,", 100) + "*a]\ntitle: [" + strings.Repeat("*b,", 100) + "*b]\n"
	errs := []struct {
		name, file, yaml string
		err              error
	}{
		{"javascript url", RenderFile, "site-url: javascript:alert(1)//\n", ErrInvalid},
		{"data url", QuartoFile, "website:\n  site-url: 'data:text/html,<script>alert(1)</script>'\n", ErrInvalid},
		{"relative url", RenderFile, "site-url: /blog\n", ErrInvalid},
		{"url with user", RenderFile, "site-url: https://user:pw@example.org/\n", ErrInvalid},
		{"url with query", RenderFile, "site-url: https://example.org/?a=<b>\n", ErrInvalid},
		{"bad order", RenderFile, "order: random\n", ErrInvalid},
		{"order mapping", RenderFile, "order: {a: b}\n", ErrInvalid},
		{"unknown file", "config.yml", "title: T\n", ErrInvalid},
		{"alias bomb", RenderFile, bomb, safeyaml.ErrAliases},
		{"too large", RenderFile, "title: " + strings.Repeat("x", MaxSize), ErrTooLarge},
		{"not yaml", QuartoFile, "website: [\n", safeyaml.ErrSyntax},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Parse(tt.file, []byte(tt.yaml))
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
		})
	}

	kept := []struct {
		name, yaml string
		check      func(*Settings) bool
		warn       string
	}{
		{"script title", "title: \"<script>alert(1)</script>\\u0000\\u202e\\n\"\n",
			func(s *Settings) bool { return s.Title == "<script>alert(1)</script>" }, ""},
		{"huge title", "title: " + strings.Repeat("é", 1000) + "\n",
			func(s *Settings) bool { return len(s.Title) <= MaxText && s.Title == strings.Repeat("é", MaxText/2) }, "cut"},
		{"css outside", "css: [../secret.css, /etc/passwd, a/../../b.css, https://evil.example/x.css, .hidden.css, a\\b.css, ok.css]\n",
			func(s *Settings) bool { return reflect.DeepEqual(s.Stylesheets, []string{"ok.css"}) }, "outside"},
		{"pages outside", "order: [../up.ipynb, ok.ipynb, {x: 1}]\n",
			func(s *Settings) bool { return reflect.DeepEqual(s.Pages, []string{"ok.ipynb"}) }, "outside"},
		{"title mapping", "title: {a: b}\n", func(s *Settings) bool { return s.Title == "" }, "not text"},
	}
	for _, tt := range kept {
		t.Run(tt.name, func(t *testing.T) {
			s, warnings, err := Parse(RenderFile, []byte(tt.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(s) {
				t.Errorf("settings %+v", *s)
			}
			if all := strings.Join(warnings, "\n"); tt.warn != "" && !strings.Contains(all, tt.warn) {
				t.Errorf("no warning %q in %q", tt.warn, all)
			}
		})
	}

	t.Run("deep quarto", func(t *testing.T) {
		y := "website:\n  sidebar:\n    contents: " + strings.Repeat("[{contents: ", 200) + "a.ipynb" + strings.Repeat("}]", 200) + "\n"
		_, warnings, err := Parse(QuartoFile, []byte(y))
		if err == nil && !strings.Contains(strings.Join(warnings, "\n"), "nested") {
			t.Errorf("no warning for deep nesting: %q", warnings)
		}
	})
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, warnings, err := Load(dir)
	if err != nil || s.File != "" || s.Dir != dir || len(warnings) > 0 {
		t.Fatalf("empty folder: %+v %q %v", s, warnings, err)
	}
	write(MystFile, "project: {title: Myst}\n")
	write(QuartoFile, "website: {title: Quarto}\nformat: {html: {css: [a.css, css/b.css]}}\n")
	write("a.css", "a { color: red }")
	write("css/b.css", "b { color: blue }")
	s, warnings, err = Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Title != "Quarto" || s.File != filepath.Join(dir, QuartoFile) {
		t.Errorf("read %+v, want _quarto.yml's", s)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "myst.yml not") {
		t.Errorf("warnings %q, want one naming myst.yml", warnings)
	}
	css, err := s.ReadStylesheets()
	if err != nil || string(css) != "a { color: red }\nb { color: blue }\n" {
		t.Errorf("stylesheets %q, %v", css, err)
	}

	// A symbolic link out of the folder is not followed.
	outside := filepath.Join(t.TempDir(), "secret.css")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.css")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	s.Stylesheets = []string{"link.css"}
	if css, err := s.ReadStylesheets(); err == nil {
		t.Errorf("read %q through a link out of the folder", css)
	}
	write("big.css", strings.Repeat("x", MaxStylesheets+1))
	s.Stylesheets = []string{"big.css"}
	if _, err := s.ReadStylesheets(); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "big.css") {
		t.Errorf("a stylesheet over the limit: %v", err)
	}
	write(RenderFile, "title: "+strings.Repeat("x", MaxSize+1))
	if _, _, err := Load(dir); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), RenderFile) {
		t.Errorf("a settings file over the limit: %v", err)
	}
}

func TestParseURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://example.org":          "https://example.org/",
		"http://example.org/a/b/":      "http://example.org/a/b/",
		" https://example.org/a%20b ":  "https://example.org/a%20b/",
		"https://例え.jp/":               "https://xn--r8jz45g.jp/",
		"http://[::1]:8080/x":          "http://[::1]:8080/x/",
		"https://bad_host!.example/":   "",
		"javascript:alert(1)":          "",
		"https:example.org":            "",
		"ftp://example.org/":           "",
		"https://example.org/#top":     "",
		"//example.org/":               "",
		"https://example.org/\"><x y=": "https://example.org/%22%3E%3Cx%20y=/",
	} {
		got, err := ParseURL(in)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("ParseURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
