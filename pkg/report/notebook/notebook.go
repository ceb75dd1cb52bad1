package notebook

import (
	"encoding/json"
	"slices"
	"strings"
)

// Format versions written by New.
const (
	FormatMajor = 4 // FormatMajor is the only nbformat major version this package reads.
	FormatMinor = 5 // FormatMinor is the minor version New uses (4.5 added cell ids).
)

// A Notebook is a parsed .ipynb file.
type Notebook struct {
	Cells    []*Cell
	Metadata Metadata
	// Format and FormatMinor are the nbformat and nbformat_minor fields.
	Format      int
	FormatMinor int
	// Extra holds top-level keys that nbformat v4 does not define, verbatim.
	Extra map[string]json.RawMessage
}

// New returns an empty notebook of nbformat 4.5 with empty metadata.
func New() *Notebook {
	return &Notebook{Metadata: Metadata{}, Format: FormatMajor, FormatMinor: FormatMinor}
}

// CellType is the kind of a cell: code, markdown or raw.
type CellType string

// The cell types of nbformat v4.
const (
	Code     CellType = "code"
	Markdown CellType = "markdown"
	Raw      CellType = "raw"
)

// A Cell is one cell of a notebook. Only code cells have outputs and an
// execution count; only markdown and raw cells have attachments.
type Cell struct {
	ID       string // ID is the cell id (nbformat 4.5+); empty when the file has none.
	Type     CellType
	Source   string
	Metadata Metadata
	// Attachments maps an attachment name (as in "attachment:NAME") to its data.
	Attachments map[string]MimeBundle
	// ExecutionCount is the code cell's execution count; nil when never run.
	ExecutionCount *int
	Outputs        []*Output
	// Extra holds keys of the cell that nbformat v4 does not define, verbatim.
	Extra map[string]json.RawMessage
}

// Tags returns the cell's tags (metadata "tags"), or nil.
func (c *Cell) Tags() []string {
	return c.Metadata.Strings("tags")
}

// HasTag reports whether the cell carries the tag.
func (c *Cell) HasTag(tag string) bool {
	return slices.Contains(c.Tags(), tag)
}

// OutputType is the kind of a code cell's output.
type OutputType string

// The output types of nbformat v4. UpdateDisplayData is a kernel message
// rather than a stored output, but it is accepted so that a client can keep
// outputs as they arrive.
const (
	Stream            OutputType = "stream"
	DisplayData       OutputType = "display_data"
	ExecuteResult     OutputType = "execute_result"
	ErrorOutput       OutputType = "error"
	UpdateDisplayData OutputType = "update_display_data"
)

// An Output is one output of a code cell. Which fields are used depends on
// Type: Name and Text for streams; Data and Metadata for display data and
// execute results (which also have ExecutionCount); EName, EValue and
// Traceback for errors.
type Output struct {
	Type OutputType
	// Name is the stream name, "stdout" or "stderr".
	Name string
	// Text is the stream text.
	Text string
	// Data maps MIME types to the output's representations.
	Data     MimeBundle
	Metadata Metadata
	// ExecutionCount is the execute result's count; nil when null.
	ExecutionCount *int
	EName          string
	EValue         string
	Traceback      []string
	// Extra holds keys of the output that nbformat v4 does not define, verbatim.
	Extra map[string]json.RawMessage
}

// A MimeBundle maps a MIME type such as "image/png" or "text/plain" to its
// data, as raw JSON. Strings given as a list of lines are joined into one JSON
// string on reading, so every textual value is a JSON string; JSON types such
// as "application/json" hold any JSON value.
type MimeBundle map[string]json.RawMessage

// Text returns the value for the MIME type as a string: the string itself for
// a JSON string, or the JSON text for any other value (for example
// application/json data). It reports whether the type is present.
func (m MimeBundle) Text(mime string) (string, bool) {
	raw, ok := m[mime]
	if !ok {
		return "", false
	}
	if s, ok := jsonString(raw); ok {
		return s, true
	}
	return string(raw), true
}

// SetText stores s as the value for the MIME type.
func (m MimeBundle) SetText(mime, s string) {
	m[mime] = mustMarshalString(s)
}

// MIMETypes returns the bundle's MIME types in sorted order.
func (m MimeBundle) MIMETypes() []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Metadata is the metadata of a notebook, cell or output: a JSON object kept
// as raw values so that every key survives a round trip.
type Metadata map[string]json.RawMessage

// String returns the metadata value under key if it is a JSON string.
func (m Metadata) String(key string) (string, bool) {
	return jsonString(m[key])
}

// Strings returns the metadata value under key as a list of strings: a JSON
// list of strings, or a single string split at commas (as some blog tools
// write tags). It returns nil when the key is missing or of another kind.
func (m Metadata) Strings(key string) []string {
	raw := m[key]
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list
	}
	s, ok := jsonString(raw)
	if !ok {
		return nil
	}
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			list = append(list, part)
		}
	}
	return list
}

// jsonString decodes raw as a JSON string and reports whether it is one; a
// missing value (nil) is not.
func jsonString(raw json.RawMessage) (string, bool) {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// Set stores v, marshalled to JSON, under key. It returns an error if v
// cannot be marshalled.
func (m Metadata) Set(key string, v any) error {
	raw, err := marshal(v)
	if err != nil {
		return err
	}
	m[key] = raw
	return nil
}

// Clone returns a deep copy of the notebook.
func (nb *Notebook) Clone() *Notebook {
	c := *nb
	c.Metadata = cloneRaw(nb.Metadata)
	c.Extra = cloneRaw(nb.Extra)
	c.Cells = cloneAll(nb.Cells)
	return &c
}

// Clone returns a deep copy of the cell.
func (c *Cell) Clone() *Cell {
	d := *c
	d.Metadata = cloneRaw(c.Metadata)
	d.Extra = cloneRaw(c.Extra)
	d.ExecutionCount = cloneInt(c.ExecutionCount)
	d.Attachments = cloneMap(c.Attachments, cloneRaw[MimeBundle])
	if c.Outputs != nil {
		d.Outputs = cloneAll(c.Outputs)
	}
	return &d
}

// Clone returns a deep copy of the output.
func (o *Output) Clone() *Output {
	p := *o
	p.Data = cloneRaw(o.Data)
	p.Metadata = cloneRaw(o.Metadata)
	p.Extra = cloneRaw(o.Extra)
	p.ExecutionCount = cloneInt(o.ExecutionCount)
	p.Traceback = slices.Clone(o.Traceback)
	return &p
}

// cloneAll returns a new list of deep copies of the elements of s.
func cloneAll[E interface{ Clone() E }](s []E) []E {
	c := make([]E, len(s))
	for i, e := range s {
		c[i] = e.Clone()
	}
	return c
}

// cloneMap returns a copy of m whose values clone copies, or nil when m is
// nil.
func cloneMap[M ~map[string]V, V any](m M, clone func(V) V) M {
	if m == nil {
		return nil
	}
	c := make(M, len(m))
	for k, v := range m {
		c[k] = clone(v)
	}
	return c
}

func cloneRaw[M ~map[string]json.RawMessage](m M) M {
	return cloneMap(m, slices.Clone[json.RawMessage])
}

func cloneInt(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
