package notebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
)

// MaxFileSize is the size of the largest notebook ReadFile and Read
// accept: GitHub's limit on a file, so any notebook kept in a repository
// fits. Decoding one takes a small multiple of its size in memory.
const MaxFileSize = 100 << 20

// ReadFile reads and validates the notebook in the named file. Errors name
// the file; a file larger than MaxFileSize is refused before it is read
// (ErrTooLarge).
func ReadFile(path string) (*Notebook, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := boundedfile.Read(f, MaxFileSize)
	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, tooLarge(path, e.Size)
	}
	if err != nil {
		return nil, err
	}
	nb, err := Parse(data)
	if e, ok := errors.AsType[*Error](err); ok {
		e.Path = path
	}
	return nb, err
}

// Read reads and validates a notebook from r, of at most MaxFileSize
// bytes.
func Read(r io.Reader) (*Notebook, error) {
	data, err := boundedfile.ReadAll(r, MaxFileSize)
	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, tooLarge("", e.Size)
	}
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// tooLarge returns the error for a notebook of size bytes, at least, in
// the named file.
func tooLarge(path string, size int64) *Error {
	return &Error{Path: path, Msg: fmt.Sprintf("%d bytes or more; a notebook may have at most %d (%d MB)", size, MaxFileSize, MaxFileSize>>20), Err: ErrTooLarge}
}

// Parse validates the notebook in data and returns it. A notebook of
// nbformat 3 is upgraded to nbformat 4.0 as it is read. Errors are of type
// *Error.
func Parse(data []byte) (*Notebook, error) {
	var top object
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, syntaxError(data, err)
	}
	if top == nil {
		return nil, &Error{Msg: "top level is null, not an object", Err: ErrInvalid}
	}
	if raw, ok := top["nbformat"]; ok && bytes.Equal(bytes.TrimSpace(raw), []byte("3")) {
		upgraded, err := upgradeV3(top)
		if err != nil {
			return nil, &Error{Msg: "nbformat 3: " + err.Error(), Err: ErrInvalid}
		}
		top = upgraded
	}
	d := decoder{}
	nb := d.notebook(top)
	if d.err != nil {
		return nil, d.err
	}
	return nb, nil
}

// syntaxError turns a JSON error into an *Error with a line and column.
func syntaxError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := position(data, se.Offset)
		return &Error{Msg: fmt.Sprintf("line %d, column %d", line, col), Err: ErrSyntax, Cause: err}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &Error{Msg: "top level is " + te.Value + ", not an object", Err: ErrInvalid}
	}
	return &Error{Msg: "cannot decode", Err: ErrSyntax, Cause: err}
}

// position converts a byte offset into a 1-based line and column.
func position(data []byte, offset int64) (line, col int) {
	// The offset counts the offending byte.
	offset = min(max(offset-1, 0), int64(len(data)))
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// object is a JSON object whose values are decoded lazily.
type object map[string]json.RawMessage

// objects decodes a JSON list whose elements should be objects; an
// element that is not one is nil. It reports false if raw is not a list.
// A list of objects, the usual case, is decoded in one pass.
func objects(raw json.RawMessage) ([]object, bool) {
	var list []object
	if err := json.Unmarshal(raw, &list); err == nil {
		return list, list != nil
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil || elems == nil {
		return nil, false
	}
	list = make([]object, len(elems))
	for i, e := range elems {
		if json.Unmarshal(e, &list[i]) != nil {
			list[i] = nil
		}
	}
	return list, true
}

// decoder walks the parsed JSON and remembers the first error with its place.
type decoder struct {
	cell, output int
	err          error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = &Error{Cell: d.cell, Output: d.output, Msg: fmt.Sprintf(format, args...), Err: ErrInvalid}
	}
}

// take removes key from o and reports whether it was there.
func (d *decoder) take(o object, what, key string, required bool) (json.RawMessage, bool) {
	raw, ok := o[key]
	if !ok {
		if required {
			d.fail("%s has no %q field", what, key)
		}
		return nil, false
	}
	delete(o, key)
	return raw, true
}

func (d *decoder) notebook(top object) *Notebook {
	nb := &Notebook{}
	if raw, ok := d.take(top, "notebook", "nbformat", true); ok {
		if !d.int(raw, "notebook", "nbformat", &nb.Format) {
			return nil
		}
		if nb.Format != FormatMajor {
			d.err = &Error{Msg: fmt.Sprintf("nbformat is %d; only nbformat 4 is supported", nb.Format), Err: ErrVersion}
			return nil
		}
	}
	if raw, ok := d.take(top, "notebook", "nbformat_minor", false); ok {
		d.int(raw, "notebook", "nbformat_minor", &nb.FormatMinor)
	}
	nb.Metadata = Metadata{}
	if raw, ok := d.take(top, "notebook", "metadata", false); ok {
		nb.Metadata = d.metadata(raw, "notebook")
	}
	if raw, ok := d.take(top, "notebook", "cells", true); ok {
		cells, ok := objects(raw)
		if !ok {
			d.fail("notebook field \"cells\" is not a list")
		}
		nb.Cells = decodeEach(d, cells, &d.cell, d.cellValue)
	}
	nb.Extra = d.extra(top)
	return nb
}

// decodeEach decodes the objects in order with decode until one fails,
// keeping the 1-based number of the one being decoded in *at, for the
// error's location.
func decodeEach[T any](d *decoder, objs []object, at *int, decode func(object) T) []T {
	out := make([]T, 0, len(objs))
	for i, o := range objs {
		if d.err != nil {
			break
		}
		*at = i + 1
		out = append(out, decode(o))
		*at = 0
	}
	return out
}

// kind takes the string under key, which says what kind of cell or
// output (what) o is. It reports false, having failed, when o is not an
// object or the string is missing: a notebook that fails is not returned,
// so the caller stops there.
func (d *decoder) kind(o object, what, key string) (string, bool) {
	if o == nil {
		d.fail("%s is not an object", what)
		return "", false
	}
	raw, ok := d.take(o, what, key, true)
	if !ok {
		return "", false
	}
	t, ok := jsonString(raw)
	if !ok {
		d.fail("%s is not a string", key)
	}
	return t, ok
}

func (d *decoder) cellValue(o object) *Cell {
	t, ok := d.kind(o, "cell", "cell_type")
	if !ok {
		return nil
	}
	c := &Cell{Type: CellType(t)}
	switch c.Type {
	case Code, Markdown, Raw:
	default:
		d.fail("unknown cell_type %q", t)
		return nil
	}
	what := string(c.Type) + " cell"
	if raw, ok := d.take(o, what, "id", false); ok {
		if json.Unmarshal(raw, &c.ID) != nil {
			d.fail("%s id is not a string", what)
		}
	}
	if raw, ok := d.take(o, what, "source", true); ok {
		c.Source = d.multiline(raw, what, "source")
	}
	c.Metadata = Metadata{}
	if raw, ok := d.take(o, what, "metadata", false); ok {
		c.Metadata = d.metadata(raw, what)
	}
	if c.Type == Code {
		c.Outputs = []*Output{}
		if raw, ok := d.take(o, what, "execution_count", false); ok {
			c.ExecutionCount = d.count(raw, what)
		}
		if raw, ok := d.take(o, what, "outputs", false); ok {
			outs, ok := objects(raw)
			if !ok {
				d.fail("%s field \"outputs\" is not a list", what)
				return nil
			}
			c.Outputs = decodeEach(d, outs, &d.output, d.outputValue)
		}
	} else if raw, ok := d.take(o, what, "attachments", false); ok {
		var atts map[string]json.RawMessage
		if err := json.Unmarshal(raw, &atts); err != nil || atts == nil {
			d.fail("%s field \"attachments\" is not an object", what)
			return nil
		}
		c.Attachments = make(map[string]MimeBundle, len(atts))
		for name, b := range atts {
			c.Attachments[name] = d.bundle(b, "attachment "+name)
		}
	}
	c.Extra = d.extra(o)
	return c
}

func (d *decoder) outputValue(o object) *Output {
	t, ok := d.kind(o, "output", "output_type")
	if !ok {
		return nil
	}
	out := &Output{Type: OutputType(t)}
	what := string(out.Type) + " output"
	switch out.Type {
	case Stream:
		if raw, ok := d.take(o, what, "name", true); ok && json.Unmarshal(raw, &out.Name) != nil {
			d.fail("stream name is not a string")
		}
		if raw, ok := d.take(o, what, "text", true); ok {
			out.Text = d.multiline(raw, what, "text")
		}
	case DisplayData, ExecuteResult, UpdateDisplayData:
		if raw, ok := d.take(o, what, "data", true); ok {
			out.Data = d.bundle(raw, what+" data")
		}
		out.Metadata = Metadata{}
		if raw, ok := d.take(o, what, "metadata", false); ok {
			out.Metadata = d.metadata(raw, what)
		}
		if out.Type == ExecuteResult {
			if raw, ok := d.take(o, what, "execution_count", false); ok {
				out.ExecutionCount = d.count(raw, what)
			}
		}
	case ErrorOutput:
		if raw, ok := d.take(o, what, "ename", true); ok && json.Unmarshal(raw, &out.EName) != nil {
			d.fail("error ename is not a string")
		}
		if raw, ok := d.take(o, what, "evalue", true); ok && json.Unmarshal(raw, &out.EValue) != nil {
			d.fail("error evalue is not a string")
		}
		if raw, ok := d.take(o, what, "traceback", true); ok {
			if err := json.Unmarshal(raw, &out.Traceback); err != nil || out.Traceback == nil {
				d.fail("error traceback is not a list of strings")
			}
		}
	default:
		d.fail("unknown output_type %q", out.Type)
		return nil
	}
	out.Extra = d.extra(o)
	return out
}

// int decodes a JSON integer.
func (d *decoder) int(raw json.RawMessage, what, key string, dst *int) bool {
	if json.Unmarshal(raw, dst) != nil {
		d.fail("%s field %q is not an integer", what, key)
		return false
	}
	return true
}

// count decodes an execution count: null or a non-negative integer.
func (d *decoder) count(raw json.RawMessage, what string) *int {
	var n *int
	if json.Unmarshal(raw, &n) != nil || (n != nil && *n < 0) {
		d.fail("%s execution_count is not null or a non-negative integer", what)
		return nil
	}
	return n
}

// multiline decodes a string given as one string or a list of strings.
func (d *decoder) multiline(raw json.RawMessage, what, key string) string {
	s, ok := joinLines(raw)
	if !ok {
		d.fail("%s field %q is not a string or a list of strings", what, key)
	}
	return s
}

func joinLines(raw json.RawMessage) (string, bool) {
	var s string
	if t := bytes.TrimSpace(raw); len(t) > 0 && t[0] == '"' && json.Unmarshal(t, &s) == nil {
		return s, true
	}
	var lines []string
	if json.Unmarshal(raw, &lines) != nil || lines == nil {
		return "", false
	}
	return strings.Join(lines, ""), true
}

// metadata decodes a JSON object, compacting its values.
func (d *decoder) metadata(raw json.RawMessage, what string) Metadata {
	var m Metadata
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		d.fail("%s metadata is not an object", what)
		return nil
	}
	for k, v := range m {
		m[k] = compact(v)
	}
	return m
}

// bundle decodes a MIME bundle, joining lists of lines into strings.
func (d *decoder) bundle(raw json.RawMessage, what string) MimeBundle {
	var m MimeBundle
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		d.fail("%s is not an object", what)
		return nil
	}
	for k, v := range m {
		if s, ok := joinLines(v); ok {
			m[k] = mustMarshalString(s)
		} else {
			m[k] = compact(v)
		}
	}
	return m
}

// extra returns the keys left in o, compacted, or nil if none are left.
func (d *decoder) extra(o object) map[string]json.RawMessage {
	if len(o) == 0 {
		return nil
	}
	for k, v := range o {
		o[k] = compact(v)
	}
	return o
}

func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}
