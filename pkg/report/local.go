package report

import (
	"errors"
	"html"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
)

// MaxLocalFiles is the most bytes of local files (see ViewOptions.Local)
// one view copies; the files past it are left out with a Warning.
const MaxLocalFiles = 64 << 20

// localImage maps the extensions of local files that are images to their
// types.
var localImage = map[string]string{
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif",
	".webp": "image/webp", ".bmp": "image/bmp", ".svg": "image/svg+xml",
}

// activeExt are the extensions of files a browser runs script in when a
// link opens them. None is copied: a link to one names a page of the site
// ("other.html"), and one made to run on the site may lie beside the
// notebook.
var activeExt = map[string]bool{
	".html": true, ".htm": true, ".xhtml": true, ".xht": true, ".shtml": true,
	".xml": true, ".xsl": true, ".xslt": true, ".js": true, ".mjs": true,
}

// plainExt matches an extension kept on a copied file's name.
var plainExt = regexp.MustCompile(`^\.[a-z0-9]{1,10}$`)

// destinationStart matches what comes right before a link destination:
// the "](" of an inline link or image, a reference definition's "]:" at
// the start of a line (not a footnote's "[^1]:"), each perhaps with
// spaces and a "<", or an HTML src or href attribute.
var destinationStart = regexp.MustCompile(`(?im)(\]\(\s*<?|^[ \t]{0,3}\[[^\]^\n][^\]\n]*\]:[ \t]*<?|\b(?:src|href)=["']?)`)

// localFiles copies into the view the files beside the notebook that its
// Markdown links to or shows by a relative path, MyST's {download} roles
// included, and points the links at the copies, in every Markdown block
// whatever made it. A path that
// leaves the folder (by "..", or through a symbolic link when Local is an
// os.Root's), or names a hidden file, is not read; one that names no file
// is left as written; each gives a Warning naming the cell. A link to a
// web page (other.html) names a page of the site, and is left as written.
func (b *builder) localFiles() {
	if b.opts.Local == nil {
		return
	}
	copied := map[string]string{} // by cleaned path: the view's file, or "" if not copied
	var total int64
	for i := range b.v.Blocks {
		blk := &b.v.Blocks[i]
		if blk.Kind != KindMarkdown {
			continue
		}
		copyTo := func(raw string, markdown bool) (string, bool) {
			name, suffix, ok := localPath(raw, markdown)
			if !ok {
				return "", false
			}
			clean := path.Clean(name)
			if b.files[clean] || activeExt[strings.ToLower(path.Ext(clean))] || b.opts.Notebooks != nil && b.opts.Notebooks(clean) {
				return "", false // a file of the view, or a page of the site
			}
			file, seen := copied[clean]
			if !seen {
				file = b.copyLocal(blk.Cell, name, clean, &total)
				copied[clean] = file
			}
			return LinkPath(file) + suffix, file != ""
		}
		blk.Text = rewriteDownloads(rewriteDestinations(blk.Text, copyTo), copyTo)
	}
}

// copyLocal copies the file at clean, linked as name, into the view's
// files and returns its path there, or "" with a Warning.
func (b *builder) copyLocal(cell int, name, clean string, total *int64) string {
	switch {
	case strings.HasPrefix(clean, "../") || clean == ".." || !fs.ValidPath(clean) || strings.Contains(clean, `\`):
		b.warn(cell, 0, "local file %q is outside the notebook's folder: not copied", name)
		return ""
	case strings.HasPrefix(clean, ".") || strings.Contains(clean, "/."):
		b.warn(cell, 0, "local file %q is hidden: not copied", name)
		return ""
	}
	ext := strings.ToLower(path.Ext(clean))
	f, err := b.opts.Local.Open(clean)
	if err != nil {
		b.warn(cell, 0, "local file %q not found beside the notebook: the link is left as written", name)
		return ""
	}
	defer f.Close()
	limit := MaxLocalFiles - *total
	if b.opts.MaxImage >= 0 {
		limit = min(limit, int64(b.opts.MaxImage))
	}
	data, err := boundedfile.ReadRegular(f, limit)
	if _, tooLarge := errors.AsType[*boundedfile.TooLargeError](err); tooLarge {
		b.warn(cell, 0, "local file %q left out: larger than %s", name, ByteSize(limit))
		return ""
	}
	switch {
	case errors.Is(err, boundedfile.ErrNotRegular):
		return "" // a folder, or not a file to copy: left as written
	case err != nil:
		b.warn(cell, 0, "local file %q cannot be read: %v", name, err)
		return ""
	}
	*total += int64(len(data))
	mime, image := localImage[ext]
	switch {
	case mime == "image/svg+xml":
		data = b.svg(data)
	case !image:
		mime = "application/octet-stream"
		if !plainExt.MatchString(ext) {
			ext = ""
		}
	}
	if image {
		return b.file(mime, data)
	}
	return b.fileExt(mime, ext, data)
}

// localPath returns the file path a link destination names relative to
// the notebook's folder, percent-decoded, and the query and fragment
// that follow it; false for a destination that is no such path: empty,
// a fragment or query alone, from the root ("/x"), or with a scheme or a
// host.
func localPath(raw string, markdown bool) (name, suffix string, ok bool) {
	s := raw
	if markdown {
		s = unescapeBackslashes(s)
	}
	s = strings.TrimSpace(html.UnescapeString(s))
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s, suffix = s[:i], raw[strings.IndexAny(raw, "?#"):]
	}
	if s == "" || strings.HasPrefix(s, "/") || strings.HasPrefix(s, `\`) {
		return "", "", false
	}
	if i := strings.IndexAny(s, ":/"); i >= 0 && s[i] == ':' {
		return "", "", false // a scheme, such as https: or attachment:
	}
	decoded, err := url.PathUnescape(s)
	if err != nil {
		return "", "", false
	}
	return decoded, suffix, true
}

// downloadRole matches MyST's {download} role up to its content: the
// backticks that open it.
var downloadRole = regexp.MustCompile("\\{download\\}(`+)")

// rewriteDownloads returns Markdown src with the path of each {download}
// role outside code replaced by what replace returns for it, as
// rewriteDestinations replaces a link's; a role that gave no text is
// given the file's name as its text, which the copy's name is not.
func rewriteDownloads(src string, replace func(raw string, markdown bool) (string, bool)) string {
	if !strings.Contains(src, "{download}`") {
		return src
	}
	code := codeRanges(src)
	var b strings.Builder
	last := 0
	for _, m := range downloadRole.FindAllStringSubmatchIndex(src, -1) {
		if m[0] < last || inRanges(code, m[0]) {
			continue
		}
		n := m[3] - m[2]
		end := closingBackticks(src[m[1]:], n)
		if end < 0 {
			continue
		}
		content := strings.TrimSpace(src[m[1] : m[1]+end])
		text, raw := "", content
		if i := strings.LastIndexByte(content, '<'); i >= 0 && strings.HasSuffix(content, ">") {
			text, raw = content[:i], content[i+1:len(content)-1]
		}
		repl, ok := replace(strings.TrimSpace(raw), false)
		if !ok {
			continue
		}
		if strings.TrimSpace(text) == "" {
			text = strings.Map(func(r rune) rune {
				if strings.ContainsRune("<>`", r) {
					return -1
				}
				return r
			}, path.Base(raw)) + " "
		}
		b.WriteString(src[last:m[1]])
		b.WriteString(text + "<" + repl + ">")
		last = m[1] + end
	}
	if last == 0 {
		return src
	}
	b.WriteString(src[last:])
	return b.String()
}

// closingBackticks returns the index in s of the first run of exactly n
// backticks, -1 for none.
func closingBackticks(s string, n int) int {
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			return -1
		}
		k := i + j
		run := k
		for run < len(s) && s[run] == '`' {
			run++
		}
		if run-k == n {
			return k
		}
		i = run
	}
	return -1
}

// rewriteDestinations returns Markdown src with each link destination
// outside code (of inline links and images, reference definitions, and
// src and href attributes of raw HTML) replaced by what replace returns
// for it, when it returns true. replace gets the destination as written,
// and whether it is in Markdown (else in an HTML attribute).
func rewriteDestinations(src string, replace func(raw string, markdown bool) (string, bool)) string {
	if !destinationStart.MatchString(src) {
		return src
	}
	code := codeRanges(src)
	var b strings.Builder
	last := 0
	for _, m := range destinationStart.FindAllStringIndex(src, -1) {
		start := m[1]
		if start < last || inRanges(code, m[0]) {
			continue
		}
		end, markdown := destinationEnd(src, start)
		if end <= start {
			continue
		}
		repl, ok := replace(src[start:end], markdown)
		if !ok {
			continue
		}
		b.WriteString(src[last:start])
		b.WriteString(repl)
		last = end
	}
	if last == 0 {
		return src
	}
	b.WriteString(src[last:])
	return b.String()
}
