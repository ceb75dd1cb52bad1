package report

import (
	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// Shown reports which parts of a cell a writeup shows: its source, and
// (for a code cell) its outputs, as its tags, metadata and options
// allow (package cellopts).
func Shown(c *notebook.Cell) (source, outputs bool) {
	opts, _, _ := cellopts.Of("", c)
	return opts.Include && opts.Echo, c.Type == notebook.Code && opts.Include && opts.Output
}

// RawFormat returns the MIME type a raw cell is meant for (its metadata
// "format", or the older "raw_mimetype"), or "".
func RawFormat(c *notebook.Cell) string {
	for _, key := range []string{"format", "raw_mimetype"} {
		if f, ok := c.Metadata.String(key); ok {
			switch f {
			case "markdown", "text/x-markdown":
				return "text/markdown"
			case "html":
				return "text/html"
			}
			return f
		}
	}
	return ""
}
