package browsertest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestVisit opens a page whose script runs, opens a dialog, links to
// javascript: and loads an image from off the machine, and checks that
// the visit reports each; a visit of a clean page next reports nothing
// but the page itself, so what one visit saw does not leak into the next.
func TestVisit(t *testing.T) {
	dir := t.TempDir()
	dirty, clean := filepath.Join(dir, "dirty.html"), filepath.Join(dir, "clean.html")
	const remote = "http://127.0.0.1:9/remote.png"
	pages := map[string]string{
		dirty: `<!DOCTYPE html><meta charset="utf-8"><title>dirty</title>` +
			`<script>window.__pwned = ['script']; alert('hello')</script>` +
			`<a href=" JavaScript:void 0">link</a><img src="` + remote + `" alt=""><img src="beside.png" alt="">`,
		clean: `<!DOCTYPE html><meta charset="utf-8"><title>clean</title><p>Nothing here.</p>`,
	}
	for path, html := range pages {
		if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b := Start(t, time.Minute)

	v := b.Visit(t, dirty)
	if !slices.Equal(v.Pwned, []string{"script"}) {
		t.Errorf("pwned %q, want the script's label", v.Pwned)
	}
	if !slices.Equal(v.Dialogs, []string{"hello"}) {
		t.Errorf("dialogs %q, want the alert", v.Dialogs)
	}
	if !slices.Equal(v.ScriptLinks, []string{"a href= JavaScript:void 0"}) {
		t.Errorf("script links %q, want the link", v.ScriptLinks)
	}
	if len(v.Requests) == 0 || v.Requests[0] != FileURL(dirty) {
		t.Errorf("requests %q, want the page first", v.Requests)
	}
	if out := v.Outside(dir); !slices.Equal(out, []string{remote}) {
		t.Errorf("requests outside %s: %q, want only %s", dir, out, remote)
	}
	if !slices.Equal(b.Requests(), v.Requests) || !slices.Equal(b.Dialogs(), v.Dialogs) {
		t.Errorf("the browser's record %q, %q differs from the visit's", b.Requests(), b.Dialogs())
	}

	v = b.Visit(t, clean)
	if len(v.Pwned)+len(v.Dialogs)+len(v.ScriptLinks) > 0 || !slices.Equal(v.Requests, []string{FileURL(clean)}) {
		t.Errorf("a clean page after a dirty one: %+v, requests %q", v, v.Requests)
	}
}
