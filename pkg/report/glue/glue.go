package glue

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"unicode"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// Prefix is the MIME prefix of a value glued without display, as MyST-NB
// and papermill's scrapbook write it.
const Prefix = "application/papermill.record/"

// ErrName is wrapped by the error for a name glue cannot store.
var ErrName = errors.New("glue: bad name")

// Markdown is Markdown source, published as text/markdown (and as
// text/plain), for {glue:md}.
type Markdown string

// LaTeX is TeX math, published as text/latex (and as text/plain), for
// {glue:math}. Delimiters ($...$, $$...$$, \(...\), \[...\]) are optional.
type LaTeX string

// HTML is an HTML fragment, published as text/html. A reader of an
// untrusted notebook sanitises it like any HTML output.
type HTML string

// SVG is an SVG image, published as image/svg+xml, for {glue:figure}.
type SVG []byte

// PNG is a PNG image, published as image/png, for {glue:figure}.
type PNG []byte

// An Output is the display data of one glued value, as a kernel sends it:
// Data maps each MIME type (prefixed when the value is not shown) to its
// content, a string; Metadata holds the scrapbook entry.
type Output struct {
	Data     map[string]any
	Metadata map[string]any
}

// Record returns the display data that glues v under name: hidden when
// show is false (MyST-NB's display=False), shown as well when it is true.
// It returns an error wrapping ErrName for a name glue cannot store.
func Record(name string, v any, show bool) (Output, error) {
	if err := checkName(name); err != nil {
		return Output{}, err
	}
	prefix := Prefix
	if show {
		prefix = ""
	}
	bundle := mimeBundle(v)
	data := make(map[string]any, len(bundle))
	for mime, content := range bundle {
		data[prefix+mime] = content
	}
	// A map[string]string, not map[string]any: gonbui gob-encodes the
	// metadata to the kernel, and gob sends an interface value only when
	// its type is registered on both sides; gonbui's protocol package
	// registers map[string]string, the cell's program does not register
	// map[string]any.
	meta := map[string]any{"scrapbook": map[string]string{"name": name, "mime_prefix": prefix}}
	return Output{Data: data, Metadata: meta}, nil
}

// Value glues v under name without showing it: the cell's output is
// invisible in Jupyter and in pkg/report's pages, and the notebook's
// Markdown can quote it as {glue}`name`. In a notebook it returns once
// GoNB has read the value, so that a value glued at the very end of a cell
// is kept. It panics with an error wrapping ErrName when name is empty or
// holds whitespace, a backtick or a colon.
func Value(name string, v any) { send(name, v, false) }

// Show glues v under name and shows it in the cell as well, like
// MyST-NB's glue(name, v, display=True). It panics as Value does.
func Show(name string, v any) { send(name, v, true) }

func send(name string, v any, show bool) {
	out, err := Record(name, v, show)
	if err != nil {
		panic(err)
	}
	if !gonbui.IsNotebook {
		return
	}
	data := make(map[protocol.MIMEType]any, len(out.Data))
	for mime, content := range out.Data {
		data[protocol.MIMEType(mime)] = content
	}
	gonbui.SendData(&protocol.DisplayData{Data: data, Metadata: out.Metadata})
	// GoNB stops reading the pipe as soon as the cell's program exits, so
	// a value sent just before the end of a cell could be lost: wait until
	// GoNB has read it.
	gonbui.Sync()
}

func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("%w: empty", ErrName)
	}
	for _, r := range name {
		if unicode.IsSpace(r) || r == '`' || r == ':' || !unicode.IsPrint(r) {
			return fmt.Errorf("%w %q: it holds %q", ErrName, name, r)
		}
	}
	return nil
}

// mimeBundle returns v's representations by MIME type, every content a
// string as nbformat stores it (images in base64).
func mimeBundle(v any) map[string]string {
	switch v := v.(type) {
	case Markdown:
		return map[string]string{"text/markdown": string(v), "text/plain": string(v)}
	case LaTeX:
		return map[string]string{"text/latex": string(v), "text/plain": string(v)}
	case HTML:
		return map[string]string{"text/html": string(v)}
	case SVG:
		return map[string]string{"image/svg+xml": string(v)}
	case PNG:
		return map[string]string{"image/png": base64.StdEncoding.EncodeToString(v)}
	}
	return map[string]string{"text/plain": Text(v)}
}

// Text returns v as Value publishes it in text/plain: integers plainly,
// *big.Int exactly, floats in the shortest 'g' form that reads back
// (strconv.FormatFloat with precision -1), anything else, and any type with
// its own String or Error method, as fmt's %v.
func Text(v any) string {
	switch v := v.(type) {
	case *big.Int:
		if v == nil {
			return "<nil>"
		}
		return v.String()
	case fmt.Stringer, error, fmt.Formatter:
		return fmt.Sprintf("%v", v)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10)
	case reflect.Float32:
		return strconv.FormatFloat(rv.Float(), 'g', -1, 32)
	case reflect.Float64:
		return strconv.FormatFloat(rv.Float(), 'g', -1, 64)
	}
	return fmt.Sprintf("%v", v)
}
