package report

import (
	"encoding/json"
	"path"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// shareImage are the image types a page's preview card may show: those
// Open Graph readers take (no SVG).
var shareImage = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true}

// metaImage copies the image that the front matter or the notebook's
// metadata names as the writeup's (Quarto's image, MyST's thumbnail) from
// the notebook's folder into the view's files, as a local image is, and
// sets Meta.Image to its path there. An image that is not a local file of
// a type a preview card shows gets a Warning and is left out.
func (b *builder) metaImage(nb *notebook.Notebook, front map[string]any, cell int) {
	var name string
	for _, key := range []string{"image", "thumbnail"} {
		s, ok := front[key].(string)
		if !ok {
			ok = json.Unmarshal(nb.Metadata[key], &s) == nil
		}
		if ok && strings.TrimSpace(s) != "" {
			name = strings.TrimSpace(s)
			break
		}
	}
	if name == "" {
		return
	}
	if b.opts.Local == nil {
		b.warn(cell, 0, "metadata: image %q: no folder to read it from; left out", short(name))
		return
	}
	p, _, ok := localPath(name, false)
	if !ok || !shareImage[strings.ToLower(path.Ext(p))] {
		b.warn(cell, 0, "metadata: image %q: not a PNG, JPEG, GIF or WebP file beside the notebook; left out", short(name))
		return
	}
	var total int64
	b.v.Meta.Image = b.copyLocal(cell, p, path.Clean(p), &total)
}
