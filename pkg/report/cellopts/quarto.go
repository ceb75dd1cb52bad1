package cellopts

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Options are what a code cell says about its own writeup in Quarto's
// cell options: YAML in comment lines at the top of the cell, "#| echo:
// false" in Python, "//| echo: false" in Go (see Prefix). Options
// these writers have no use for (eval, warning, ...) are left alone.
type Options struct {
	// Echo shows the source (option echo; false hides it).
	Echo bool
	// Output shows the outputs (option output; false hides them).
	Output bool
	// Include shows the cell at all (option include; false removes it).
	Include bool
	// Fold shows the source folded, a click away (option code-fold: true,
	// or "show" for folded but open at first, which sets FoldOpen too).
	Fold, FoldOpen bool
	// Summary is the text of the control that opens folded source
	// (option code-summary); empty for the default.
	Summary string
	// Caption and Alt are the figures' captions and alternative texts
	// (options fig-cap and fig-alt), one per image output of the cell in
	// order: a single string is the first image's, a list gives one each.
	Caption, Alt []string
	// Label names the cell's figure for references (option label, as
	// "fig-values").
	Label string
}

// Default returns the options of a cell that sets none: shown whole,
// unfolded.
func Default() Options {
	return Options{Echo: true, Output: true, Include: true}
}

// commentPrefixes maps languages to the comment that starts their option
// lines, where it is not "#", as Quarto writes them.
var commentPrefixes = map[string]string{
	"go": "//", "c": "//", "c++": "//", "cpp": "//", "rust": "//", "javascript": "//", "js": "//",
	"typescript": "//", "ts": "//", "java": "//", "scala": "//", "kotlin": "//", "swift": "//",
	"c#": "//", "csharp": "//", "d": "//", "dart": "//", "groovy": "//", "objective-c": "//",
	"zig": "//", "fsharp": "//", "f#": "//", "sql": "--", "haskell": "--", "lua": "--", "ada": "--",
	"elm": "--",
}

// Prefix returns what starts a cell option line in a cell of the
// language (a chroma lexer name, as View.Language): the language's line
// comment and "|", as "//|" for Go, C, Rust or JavaScript, "--|" for SQL,
// Haskell or Lua, and "#|" for Python, R, Julia, shells and any other.
func Prefix(lang string) string {
	if p, ok := commentPrefixes[lang]; ok {
		return p + "|"
	}
	return "#|"
}

// Parse reads the Quarto cell options of a code cell in the
// language lang from the lines at its top that begin with Prefix
// (after spaces or tabs; a first line that is a cell magic, "%%...", may
// come before them, since IPython and GoNB want it first). It returns the
// options (for a cell that sets none: Echo, Output and Include, the rest
// zero), the source without the option lines, and an error when the
// lines are not a YAML mapping or a known option has a value of the
// wrong kind: the options then hold what could be read, and code is
// still the source without the option lines, which are never code to
// show. Options it does not know are ignored.
func Parse(lang, src string) (opts Options, code string, err error) {
	opts = Default()
	prefix := Prefix(lang)
	lines := strings.SplitAfter(src, "\n")
	start := 0
	if strings.HasPrefix(lines[0], "%%") {
		start = 1
	}
	end := start
	var yamlText strings.Builder
	for end < len(lines) {
		body, ok := strings.CutPrefix(strings.TrimLeft(lines[end], " \t"), prefix)
		if !ok {
			break
		}
		yamlText.WriteString(strings.TrimPrefix(body, " "))
		if !strings.HasSuffix(body, "\n") {
			yamlText.WriteByte('\n')
		}
		end++
	}
	if end == start {
		return opts, src, nil
	}
	code = strings.Join(lines[:start], "") + strings.Join(lines[end:], "")
	if yamlText.Len() > maxOptionBytes {
		return opts, code, fmt.Errorf("cell options (%s lines) of %s: more than %s, so none is used", prefix, sizeText(yamlText.Len()), sizeText(maxOptionBytes))
	}
	var m map[string]any
	if err := yaml.Unmarshal([]byte(yamlText.String()), &m); err != nil {
		return opts, code, fmt.Errorf("cell options (%s lines) are not a YAML mapping, so none is used: %w", prefix, yamlError(err))
	}
	return opts, code, opts.set(m)
}

// maxOptionBytes bounds the YAML of a cell's options: Quarto's take a few
// lines, and a parser's time and messages grow with what it is given.
const maxOptionBytes = 64 << 10

// yamlError returns a YAML error as one short line: its first problem,
// without the package's "yaml: " prefix, which the message around it
// makes plain.
func yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.TrimPrefix(msg, "unmarshal errors:\n")
	first, _, more := strings.Cut(strings.TrimSpace(msg), "\n")
	if more {
		first += " (and more)"
	}
	return errors.New(shorten(first, 200))
}

// set sets the options that m gives, reporting each value of the wrong
// kind.
func (o *Options) set(m map[string]any) error {
	var errs []error
	flag := func(key string, dst *bool) {
		v, ok := m[key]
		if !ok {
			return
		}
		if b, isBool := v.(bool); isBool {
			*dst = b
			return
		}
		errs = append(errs, fmt.Errorf("option %s: %s is not true or false, so it is ignored", key, describe(v)))
	}
	if v, ok := m["echo"]; ok && v == "fenced" {
		o.Echo = true // Quarto's "show the options too": the source is shown
	} else {
		flag("echo", &o.Echo)
	}
	flag("include", &o.Include)
	if v, ok := m["output"]; ok && v != "asis" {
		flag("output", &o.Output)
	}
	if v, ok := m["code-fold"]; ok {
		switch v {
		case true, false:
			o.Fold = v == true
		case "show":
			o.Fold, o.FoldOpen = true, true
		default:
			errs = append(errs, fmt.Errorf("option code-fold: %s is not true, false or show, so it is ignored", describe(v)))
		}
	}
	text := func(key string, dst *string) {
		if v, ok := m[key]; ok {
			if s, isScalar := scalarText(v); isScalar {
				*dst = s
				return
			}
			errs = append(errs, fmt.Errorf("option %s: %s is not text, so it is ignored", key, describe(v)))
		}
	}
	text("code-summary", &o.Summary)
	text("label", &o.Label)
	texts := func(key string, dst *[]string) {
		v, ok := m[key]
		if !ok {
			return
		}
		if s, isScalar := scalarText(v); isScalar {
			*dst = []string{s}
			return
		}
		list, isList := v.([]any)
		if isList {
			for _, item := range list {
				s, isScalar := scalarText(item)
				if !isScalar {
					isList = false
					break
				}
				*dst = append(*dst, s)
			}
		}
		if !isList {
			*dst = nil
			errs = append(errs, fmt.Errorf("option %s: %s is neither text nor a list of texts, so it is ignored", key, describe(v)))
		}
	}
	texts("fig-cap", &o.Caption)
	texts("fig-alt", &o.Alt)
	return errors.Join(errs...)
}

// scalarText returns a YAML scalar as text, as Quarto reads a caption
// that YAML took for a number.
func scalarText(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case bool, int, int64, uint64, float64:
		return fmt.Sprint(v), true
	}
	return "", false
}

// describe names a YAML value for a warning, briefly.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "an empty value"
	case string:
		return fmt.Sprintf("%q", shorten(v, 40))
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return shorten(fmt.Sprint(v), 40)
}

// shorten returns s cut to at most about max bytes, at a rune boundary,
// marked with an ellipsis where it was cut.
func shorten(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max] + " …"
}

// sizeText returns a number of bytes in kilobytes, "75.2 kB".
func sizeText(n int) string {
	return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
}
