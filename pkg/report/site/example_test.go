package site_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/site"
)

func ExampleSite_Build() {
	dir, err := os.MkdirTemp("", "site-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Markdown, Source: "# Nim\n\nHeaps and their nim sum $a \\oplus b$."}}
	if err := notebook.WriteFile(filepath.Join(dir, "nim.ipynb"), nb); err != nil {
		log.Fatal(err)
	}

	s := &site.Site{Dir: filepath.Join(dir, "site"), MathFont: filepath.Join(dir, "no-font.otf")}
	if err := s.Build(context.Background(), []string{dir}); err != nil {
		log.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "site", "*"))
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	// Output:
	// .render-manifest.json
	// index.html
	// nim.html
	// nim.md
}

func ExamplePageNames() {
	names, err := site.PageNames([]string{"notebooks/pe310.ipynb", "a/same.ipynb", "b/same.ipynb", "notebooks/index.ipynb"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(names)
	fmt.Println(site.PageURL("f(x) #2"))
	// Output:
	// [pe310 a-same b-same notebooks-index]
	// f%28x%29%20%232.html
}
