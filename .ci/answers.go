//go:build ignore

// Answers checks that every problem writeup shows its answer, and that
// each page has a figure and rendered math. For each
// Project Euler notebook it reads the size the notebook actually ran with
// (the last `var N = ...` of its code, so -p overrides count), computes the
// answer with pkg/games/euler, and requires it in the notebook's outputs.
//
// Usage:
//
//	go run .ci/answers.go site        # a rendered site: NAME.md and NAME.html
//	go run .ci/answers.go -ipynb DIR  # executed notebooks: NAME.ipynb
//	go run .ci/answers.go DIR pe310   # only the problems named
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/grundylab/grundy/pkg/games/euler"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// problems maps each problem page to the computation of its answer from the
// notebook's parameters.
var problems = map[string]func(p params) (string, error){
	"pe260": sized(func(n int64) (int64, error) { return euler.StoneGame(int(n)) }),
	"pe306": sized(euler.PaperStrip),
	"pe310": sized(func(n int64) (*big.Int, error) { return euler.NimSquare(int(n)) }),
	"pe459": sized(func(n int64) (*big.Int, error) { return euler.FlippingGame(int(n)) }),
	"pe509": func(p params) (string, error) {
		n, err := p.get("N")
		if err != nil {
			return "", err
		}
		m, err := p.get("M")
		if err != nil {
			return "", err
		}
		v, err := euler.DivisorNim(n, m)
		return fmt.Sprint(v), err
	},
}

// sized is the answer of a problem whose only parameter is its size N.
func sized[T any](answer func(n int64) (T, error)) func(p params) (string, error) {
	return func(p params) (string, error) {
		n, err := p.get("N")
		if err != nil {
			return "", err
		}
		v, err := answer(n)
		return fmt.Sprint(v), err
	}
}

func main() {
	ipynb := flag.Bool("ipynb", false, "check executed notebooks NAME.ipynb instead of a rendered site")
	flag.Parse()
	if flag.NArg() < 1 {
		fmt.Fprintln(os.Stderr, "usage: go run .ci/answers.go [-ipynb] DIR [PROBLEM...]")
		os.Exit(2)
	}
	dir, names := flag.Arg(0), flag.Args()[1:]
	if len(names) == 0 {
		names = slices.Sorted(maps.Keys(problems))
	}
	failed := false
	for _, name := range names {
		answer, ok := problems[name]
		if !ok {
			fmt.Fprintf(os.Stderr, "answers: no problem %q\n", name)
			os.Exit(2)
		}
		var err error
		if *ipynb {
			err = checkNotebook(filepath.Join(dir, name+".ipynb"), answer)
		} else {
			err = checkPage(filepath.Join(dir, name), answer)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "answers:", err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// checkPage checks base.md and base.html of a rendered site. The
// parameters come from the post's fenced code, where render keeps every
// code cell, injected parameter cells included.
func checkPage(base string, answer func(params) (string, error)) error {
	md, err := os.ReadFile(base + ".md")
	if err != nil {
		return err
	}
	html, err := os.ReadFile(base + ".html")
	if err != nil {
		return err
	}
	code, text := splitFences(string(md))
	want, err := answer(parseParams(code))
	if err != nil {
		return fmt.Errorf("%s.md: %w", base, err)
	}
	for _, f := range []struct{ name, text string }{{base + ".md", text}, {base + ".html", string(html)}} {
		if !containsNumber(f.text, want) {
			return fmt.Errorf("%s does not show the answer %s", f.name, want)
		}
	}
	if !figure.Match(html) {
		return fmt.Errorf("%s.html has no figure", base)
	}
	if !bytes.Contains(html, []byte("<math")) {
		return fmt.Errorf("%s.html has no rendered math", base)
	}
	fmt.Printf("%s: answer %s shown, with figures and math\n", base, want)
	return nil
}

// figure matches an image of a page: inline SVG or an img element.
var figure = regexp.MustCompile(`<svg[\s>]|<img\s`)

// checkNotebook checks the outputs of an executed notebook.
func checkNotebook(path string, answer func(params) (string, error)) error {
	nb, err := notebook.ReadFile(path)
	if err != nil {
		return err
	}
	var code, text strings.Builder
	for _, c := range nb.Cells {
		if c.Type != notebook.Code {
			continue
		}
		code.WriteString(c.Source + "\n")
		for _, o := range c.Outputs {
			text.WriteString(o.Text + "\n")
			for _, mime := range []string{"text/plain", "text/markdown", "text/html"} {
				if s, ok := o.Data.Text(mime); ok {
					text.WriteString(s + "\n")
				}
			}
		}
	}
	want, err := answer(parseParams(code.String()))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !containsNumber(text.String(), want) {
		return fmt.Errorf("%s: no output shows the answer %s", path, want)
	}
	fmt.Printf("%s: answer %s shown\n", path, want)
	return nil
}

// splitFences separates the Go code of a Markdown post (its ```go blocks,
// one per code cell) from the rest: prose and the output blocks.
func splitFences(md string) (code, text string) {
	var c, t strings.Builder
	fence, inGo := "", false
	sc := bufio.NewScanner(strings.NewReader(md))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case fence == "" && (strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~")):
			fence = trimmed[:3]
			inGo = strings.TrimSpace(strings.TrimLeft(trimmed, fence[:1])) == "go"
		case fence != "" && strings.HasPrefix(trimmed, fence):
			fence, inGo = "", false
		case inGo:
			c.WriteString(line + "\n")
		default:
			t.WriteString(line + "\n")
		}
	}
	return c.String(), t.String()
}

// params holds the last value given to each variable declared as
// `var NAME = INTEGER` or `var NAME TYPE = INTEGER` in a notebook's code,
// with or without a comment after it (a parameter's `// range: LO..HI`).
type params map[string]string

var declaration = regexp.MustCompile(`(?m)^\s*var\s+([A-Za-z_]\w*)(?:\s+\w+)?\s*=\s*([0-9_]+)\s*(?://.*)?$`)

func parseParams(code string) params {
	p := params{}
	for _, m := range declaration.FindAllStringSubmatch(code, -1) {
		p[m[1]] = m[2]
	}
	return p
}

func (p params) get(name string) (int64, error) {
	s, ok := p[name]
	if !ok {
		return 0, fmt.Errorf("no `var %s = INTEGER` in the code", name)
	}
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return 0, fmt.Errorf("var %s: %w", name, err)
	}
	return v, nil
}

// containsNumber reports whether text holds n as a whole number, not as part
// of a longer one.
func containsNumber(text, n string) bool {
	return regexp.MustCompile(`(^|[^0-9])` + regexp.QuoteMeta(n) + `([^0-9]|$)`).MatchString(text)
}
