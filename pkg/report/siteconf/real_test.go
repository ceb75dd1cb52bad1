package siteconf

import (
	"reflect"
	"strings"
	"testing"
)

// TestReal reads a few keys, as they are written there, of the settings
// of two real projects: quarto-web's _quarto.yml (quarto-dev/quarto-web at
// db905f61ca3b) and mystmd's own docs/myst.yml (jupyter-book/mystmd).
func TestReal(t *testing.T) {
	quarto := `project:
  type: website
  output-dir: _site
website:
  title: "Quarto"
  site-url: https://quarto.org
  open-graph: true
  sidebar:
    - id: get-started
      title: "Get Started"
      style: "floating"
      contents:
        - docs/get-started/index.qmd
        - text: "Tutorial: Hello, Quarto"
          href: docs/get-started/hello/
    - id: guide
      collapse-level: 1
      contents:
        - section: "Guide"
          href: docs/guide/index.qmd
          contents:
            - section: "Authoring"
              contents:
                - docs/authoring/markdown-basics.qmd
                - docs/authoring/figures.qmd
format:
  html:
    toc: true
    css: styles.css
    include-in-header:
      - text: |
          <script src="https://cdn.jsdelivr.net/gh/posit-dev/supported-by-posit/js/badge.min.js"></script>
`
	s, warnings, err := Parse(QuartoFile, []byte(quarto))
	if err != nil {
		t.Fatal(err)
	}
	want := Settings{
		Title: "Quarto", URL: "https://quarto.org/", Order: Listed, Stylesheets: []string{"styles.css"},
		Pages: []string{"docs/get-started/index.qmd", "docs/get-started/hello", "docs/guide/index.qmd",
			"docs/authoring/markdown-basics.qmd", "docs/authoring/figures.qmd"},
	}
	if !reflect.DeepEqual(*s, want) {
		t.Errorf("quarto-web: got  %+v\nwant %+v", *s, want)
	}
	// The header's script is not taken, and the warning says so.
	if all := strings.Join(warnings, "\n"); !strings.Contains(all, "format.html.include-in-header") {
		t.Errorf("quarto-web: warnings %q name no include-in-header", all)
	}

	myst := `version: 1
project:
  title: MyST Markdown
  github: https://github.com/jupyter-book/mystmd
  toc:
    - file: index.md
    - file: installing.md
    - title: Tutorials
      children:
        - file: quickstart.md
        - file: quickstart-myst-documents.md
site:
  title: MyST Markdown Guide
  domains:
    - mystmd-guide.curve.space
  options:
    style: public/style.css
`
	s, _, err = Parse(MystFile, []byte(myst))
	if err != nil {
		t.Fatal(err)
	}
	want = Settings{
		Title: "MyST Markdown Guide", Order: Listed, Stylesheets: []string{"public/style.css"},
		Pages: []string{"index.md", "installing.md", "quickstart.md", "quickstart-myst-documents.md"},
	}
	if !reflect.DeepEqual(*s, want) {
		t.Errorf("mystmd: got  %+v\nwant %+v", *s, want)
	}
}
