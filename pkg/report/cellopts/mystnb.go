package cellopts

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// mystnbKeys are the keys of a cell's metadata under which MyST-NB reads
// its options: "mystnb", and "render", which it still reads with a
// deprecation warning (its nb_render_key before version 0.14).
var mystnbKeys = []string{"mystnb", "render"}

// cssLength matches a length as docutils takes an image's width or
// height: a number and an optional unit, or a percentage.
var cssLength = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)?(?:px|em|ex|in|cm|mm|pt|pc|%)?$`)

// className matches a class name that can be written into HTML as it
// is.
var className = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// classes sets dst to the class names of key, each checked.
func (r *reader) classes(key string, dst *[]string) {
	var words []string
	r.words(key, &words)
	for _, w := range words {
		if !className.MatchString(w) {
			r.wrong(key, w, "a class name (letters, digits, \"-\" and \"_\")")
			continue
		}
		*dst = append(*dst, w)
	}
}

// setMystNB applies MyST-NB's cell metadata, reporting each value of
// the wrong kind.
func (o *Options) setMystNB(c *notebook.Cell) error {
	var key string
	var raw json.RawMessage
	for _, k := range mystnbKeys {
		if v, ok := c.Metadata[k]; ok {
			key, raw = k, v
			break
		}
	}
	if key == "" {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return fmt.Errorf("metadata %s: %s, so it is ignored", key, jsonProblem(err))
	}
	r := reader{m: m, what: "metadata " + key + "."}
	removeSource, removeOutputs := false, false
	r.flag("remove_code_source", &removeSource)
	r.flag("remove_code_outputs", &removeOutputs)
	o.Echo = o.Echo && !removeSource
	o.Output = o.Output && !removeOutputs
	r.flag("number_source_lines", &o.LineNumbers)
	r.text("code_prompt_show", &o.PromptShow)
	r.text("code_prompt_hide", &o.PromptHide)
	r.flag("merge_streams", &o.MergeStreams)
	r.text("markdown_format", &o.MarkdownFormat)
	switch o.MarkdownFormat {
	case "", "commonmark", "gfm", "myst":
	default:
		r.wrong("markdown_format", o.MarkdownFormat, "commonmark, gfm or myst")
		o.MarkdownFormat = ""
	}
	var stderr string
	r.text("output_stderr", &stderr)
	switch stderr {
	case "", "show", "warn", "error", "severe":
	case "remove", "remove-warn":
		o.Stderr = false
	default:
		r.wrong("output_stderr", stderr, "show, remove, remove-warn, warn, error or severe")
	}
	if fig := r.mapping("figure"); fig != nil {
		f := reader{m: fig, what: r.what + "figure."}
		f.text("caption", &o.Figure.Caption)
		f.text("name", &o.Figure.Name)
		f.flag("caption_before", &o.Figure.CaptionBefore)
		f.classes("classes", &o.Figure.Classes)
		r.errs = append(r.errs, f.errs...)
	}
	if img := r.mapping("image"); img != nil {
		im := reader{m: img, what: r.what + "image."}
		im.text("alt", &o.Image.Alt)
		im.classes("classes", &o.Image.Classes)
		for _, l := range []struct {
			key string
			dst *string
		}{{"width", &o.Image.Width}, {"height", &o.Image.Height}} {
			var s string
			im.text(l.key, &s)
			switch {
			case s == "":
			case cssLength.MatchString(s):
				*l.dst = s
			default:
				im.wrong(l.key, s, "a length (a number and px, em, %, ...)")
			}
		}
		r.errs = append(r.errs, im.errs...)
	}
	return errors.Join(r.errs...)
}
