package siteconf_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/siteconf"
)

func ExampleParse() {
	s, warnings, err := siteconf.Parse("_quarto.yml", []byte(`
author: Ada
website:
  title: Impartial games
  site-url: https://example.org/games
  sidebar:
    contents: [intro.ipynb, nim.qmd]
  favicon: nim.png
format:
  html:
    css: games.css
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Title, s.Authors, s.URL)
	fmt.Println(s.Order, s.Pages, s.Stylesheets)
	fmt.Println(warnings)
	// Output:
	// Impartial games [Ada] https://example.org/games/
	// list [intro.ipynb nim.qmd] [games.css]
	// [render does not use website.favicon]
}
