package pdf

import (
	"context"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A requestGuard lets a tab load the files inside one folder, and the
// web, and nothing else: no file outside the folder, whatever the page
// says (an image "../../secret.png", an iframe "file:///etc/passwd",
// a link through a symbolic link), also in a page trusted to run its own
// HTML. It remembers what it refused.
type requestGuard struct {
	root    string
	mu      sync.Mutex
	refused []string
}

// confine makes every request of tab pass through a requestGuard of root
// (the Fetch domain of the DevTools protocol), from now on.
func confine(tab context.Context, root string) (*requestGuard, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	g := &requestGuard{root: root}
	err = chromedp.Listen(tab, func(ev any) {
		e, ok := ev.(*fetch.EventRequestPaused)
		if !ok {
			return
		}
		// A listener must not block: the answer goes from a goroutine.
		go func() {
			if g.allows(e.Request.URL) {
				chromedp.Call(tab, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: e.RequestID})
				return
			}
			g.mu.Lock()
			if !slices.Contains(g.refused, e.Request.URL) {
				g.refused = append(g.refused, e.Request.URL)
			}
			g.mu.Unlock()
			chromedp.Call(tab, fetch.FailRequest, fetch.FailRequestParams{RequestID: e.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		}()
	})
	if err != nil {
		return nil, err
	}
	_, err = chromedp.Call(tab, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	return g, err
}

// allows reports whether a tab may load the URL: a file inside the root
// once its symbolic links are followed, or data, or the web.
func (g *requestGuard) allows(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "data", "blob", "about", "http", "https":
		return true
	case "file":
		if u.Host != "" && u.Host != "localhost" {
			return false
		}
		path := filepath.Clean(filepath.FromSlash(u.Path))
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
		rel, err := filepath.Rel(g.root, path)
		return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
	}
	return false
}

// leftOut returns the URLs the guard refused, in the order first asked.
func (g *requestGuard) leftOut() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.refused)
}
