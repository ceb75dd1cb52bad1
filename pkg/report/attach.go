package report

import (
	"fmt"
	"html"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/yuin/goldmark/ast"
)

// attachmentOrder is the order in which an attachment's image types are
// preferred.
var attachmentOrder = []string{"image/svg+xml", "image/png", "image/jpeg", "image/gif", "image/webp", "image/bmp"}

const attachmentScheme = "attachment:"

// markdownCell returns the blocks of a Markdown cell, or of a raw cell
// of Markdown: its Markdown with glue pasted (markdown) and each
// "attachment:NAME" link or image source that names one of its
// attachments, exactly (after percent-decoding), pointing at the
// attachment's file instead.
func (b *builder) markdownCell(cell int, c *notebook.Cell) []Block {
	files := b.attachments(cell, c)
	return b.markdown(cell, plaintext.Clean(c.Source), func(md string) string { return rewriteAttachments(md, files) })
}

// attachments writes a markdown cell's image attachments as files and
// returns the files by attachment name. A raw cell of Markdown is read as
// written: only a Markdown cell's attachments become files of the view.
func (b *builder) attachments(cell int, c *notebook.Cell) map[string]string {
	if c.Type != notebook.Markdown || len(c.Attachments) == 0 {
		return nil
	}
	files := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(c.Attachments)) {
		bundle := c.Attachments[name]
		mime := ""
		for _, m := range attachmentOrder {
			if _, ok := bundle[m]; ok {
				mime = m
				break
			}
		}
		if mime == "" {
			continue
		}
		value, _ := bundle.Text(mime)
		data := []byte(value)
		if mime == "image/svg+xml" {
			data = b.svg(data)
		} else {
			var err error
			if data, err = decodeBase64(value); err != nil {
				b.fail(fmt.Errorf("cell %d: %w: attachment %q: %s is not base64: %v", cell, ErrOutput, name, mime, err))
				continue
			}
		}
		if b.opts.MaxImage >= 0 && len(data) > b.opts.MaxImage {
			b.warn(cell, 0, "attachment %q of %s left out", name, byteSize(len(data)))
			continue
		}
		files[name] = b.file(mime, data)
	}
	return files
}

// rewriteAttachments points the attachment links of Markdown src at
// files: in link and image destinations, link reference definitions and
// HTML attributes, not in code.
func rewriteAttachments(src string, files map[string]string) string {
	if len(files) == 0 || !strings.Contains(src, attachmentScheme) {
		return src
	}
	code := codeRanges(src)
	var b strings.Builder
	last := 0
	for i := 0; ; {
		j := strings.Index(src[i:], attachmentScheme)
		if j < 0 {
			break
		}
		start := i + j
		i = start + len(attachmentScheme)
		if inRanges(code, start) {
			continue
		}
		end, markdown := destinationEnd(src, start)
		if end < 0 {
			continue
		}
		raw := src[i:end]
		name := raw
		if markdown {
			name = unescapeBackslashes(name)
		} else {
			name = html.UnescapeString(name)
		}
		file, ok := files[name]
		if decoded, err := url.PathUnescape(name); err == nil && !ok {
			file, ok = files[decoded]
		}
		if !ok {
			continue
		}
		b.WriteString(src[last:start])
		b.WriteString(LinkPath(file))
		last = end
		i = end
	}
	b.WriteString(src[last:])
	return b.String()
}

// destinationEnd returns the end of the link destination that starts at
// src[start:], and whether it is in Markdown (else in an HTML attribute),
// or -1 when the text there is not a link destination.
func destinationEnd(src string, start int) (int, bool) {
	before := strings.TrimRight(src[:start], " \t")
	nameStart := start
	switch {
	case strings.HasSuffix(before, "](<"), strings.HasSuffix(before, "]:") && strings.HasSuffix(src[:start], "<"):
		if k := strings.IndexAny(src[nameStart:], ">\n"); k >= 0 && src[nameStart+k] == '>' {
			return nameStart + k, true
		}
	case strings.HasSuffix(before, "]("), strings.HasSuffix(before, "]:"):
		depth := 0
		for k := nameStart; k < len(src); k++ {
			switch c := src[k]; {
			case c == '\\' && k+1 < len(src):
				k++
			case c == '(':
				depth++
			case c == ')':
				if depth == 0 {
					return k, true
				}
				depth--
			case c == ' ' || c == '\t' || c == '\n' || c < 0x20:
				return k, true
			}
		}
		return len(src), true
	case strings.HasSuffix(src[:start], `="`), strings.HasSuffix(src[:start], `='`):
		q := src[start-1]
		if k := strings.IndexByte(src[nameStart:], q); k >= 0 {
			return nameStart + k, false
		}
	case strings.HasSuffix(src[:start], "="):
		k := nameStart
		for k < len(src) && !strings.ContainsRune(" \t\n>", rune(src[k])) {
			k++
		}
		return k, false
	}
	return -1, false
}

// unescapeBackslashes removes the backslash before ASCII punctuation, as
// CommonMark reads a link destination.
func unescapeBackslashes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// codeRanges returns the byte ranges of code spans and code blocks of
// Markdown src, in order.
func codeRanges(src string) [][2]int {
	return markdownRanges(src, func(n ast.Node, add func(start, stop int)) ast.WalkStatus {
		switch n := n.(type) {
		case *ast.CodeSpan:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				if t, ok := c.(*ast.Text); ok {
					add(t.Segment.Start, t.Segment.Stop)
				}
			}
			return ast.WalkSkipChildren
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for k := range lines.Len() {
				seg := lines.At(k)
				add(seg.Start, seg.Stop)
			}
			return ast.WalkSkipChildren
		}
		return ast.WalkContinue
	})
}
