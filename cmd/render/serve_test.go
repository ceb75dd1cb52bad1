package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/notebooktest"
	"github.com/grundylab/grundy/pkg/report/preview"
)

var servingAt = regexp.MustCompile(`render: serving .* at (http://\S+/) \(Ctrl-C stops\)`)

// serving runs render -serve on a loopback port in this process and
// returns the site's address; stop ends it by its context, as a signal
// does, and returns the exit code.
func serving(t *testing.T, args ...string) (url string, stderr *syncBuffer, stop func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stderr = &syncBuffer{}
	code := make(chan int, 1)
	go func() { code <- run(ctx, append([]string{"-serve", "127.0.0.1:0"}, args...), io.Discard, stderr) }()
	stopped := false
	var exit int
	stop = func() int {
		if !stopped {
			cancel()
			select {
			case exit = <-code:
			case <-time.After(30 * time.Second):
				t.Fatal("render -serve did not stop 30 s after its context ended")
			}
			stopped = true
		}
		return exit
	}
	t.Cleanup(func() { stop() })
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := servingAt.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], stderr, stop
		}
		select {
		case c := <-code:
			t.Fatalf("render -serve exited %d:\n%s", c, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	t.Fatalf("render -serve did not say where it serves:\n%s", stderr.String())
	return
}

// buildEvents reads the numbers of the builds from the site's event
// stream.
func buildEvents(t *testing.T, url string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", strings.TrimSuffix(url, "/")+preview.EventsPath, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ch := make(chan string, 16)
	go func() {
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if n, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				ch <- n
			}
		}
	}()
	return ch
}

func fetch(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %s, %v", url, resp.Status, err)
	}
	return string(body)
}

// TestServe runs render -serve -execute never (no kernel), edits a
// notebook, and waits for the reload event and the new page, within
// 10 s; the files written are those of a plain render, byte for byte,
// with no reload script; a broken notebook shows its error on the pages
// while the last good ones are served; the end of the context stops it
// with status 0.
func TestServe(t *testing.T) {
	src := t.TempDir()
	page := filepath.Join(src, "page.ipynb")
	notebooktest.WriteMarkdown(t, page, "# Served", "First text.")
	notebooktest.WriteMarkdown(t, filepath.Join(src, "other.ipynb"), "# Other", "Untouched.")
	out := filepath.Join(t.TempDir(), "site")
	url, stderr, stop := serving(t, "-execute", "never", "-o", out, src)

	ev := buildEvents(t, url)
	waitBuild := func(what string) string {
		t.Helper()
		select {
		case n := <-ev:
			return n
		case <-time.After(10 * time.Second):
			t.Fatalf("no build event within 10 s of %s:\n%s", what, stderr.String())
		}
		return ""
	}
	if first := waitBuild("starting"); first == "0" {
		waitBuild("the first render")
	}
	if body := fetch(t, url+"page.html"); !strings.Contains(body, "First text.") || !strings.Contains(body, "EventSource") {
		t.Fatalf("served page:\n%s", body)
	}

	saved := time.Now()
	notebooktest.WriteMarkdown(t, page, "# Served", "Second text.")
	waitBuild("the edit")
	if d := time.Since(saved); d > 10*time.Second {
		t.Errorf("the page was rendered again %v after the edit", d)
	}
	if body := fetch(t, url+"page.html"); !strings.Contains(body, "Second text.") {
		t.Fatalf("served page after the edit:\n%s", body)
	}

	// What is on disk is what a plain render writes.
	plain := filepath.Join(t.TempDir(), "site")
	var plainErr bytes.Buffer
	if code := run(context.Background(), []string{"-execute", "never", "-o", plain, src}, io.Discard, &plainErr); code != 0 {
		t.Fatalf("plain render: %d\n%s", code, plainErr.String())
	}
	served, want := relSnapshot(t, out), relSnapshot(t, plain)
	if !maps.Equal(served, want) {
		t.Errorf("files of render -serve differ from a plain render:\nserved %v\nplain  %v", keys(served), keys(want))
	}
	for name, data := range served {
		if strings.Contains(data, "EventSource") || strings.Contains(data, preview.EventsPath) {
			t.Errorf("%s on disk has the reload script", name)
		}
	}

	if err := os.WriteFile(page, []byte(`{"nbformat": 4, "cells": [{"cell_type": "markdown"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	waitBuild("breaking the notebook")
	body := fetch(t, url+"page.html")
	if !strings.Contains(body, `id="render-error"`) || !strings.Contains(body, "page.ipynb: cell 1") || !strings.Contains(body, "Second text.") {
		t.Errorf("after a failed render the page does not show the error over the last good page:\n%s", body)
	}
	if !strings.Contains(stderr.String(), "page.ipynb: cell 1") {
		t.Errorf("the terminal was not told of the failure:\n%s", stderr.String())
	}
	notebooktest.WriteMarkdown(t, page, "# Served", "Fixed.")
	waitBuild("fixing the notebook")
	if body := fetch(t, url+"page.html"); strings.Contains(body, "render-error") || !strings.Contains(body, "Fixed.") {
		t.Errorf("after the fix:\n%s", body)
	}

	if code := stop(); code != 0 {
		t.Errorf("exit %d after the context ended, want 0:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "render: stopped serving") {
		t.Errorf("stderr does not say serving stopped:\n%s", stderr.String())
	}
	if _, err := http.Get(url); err == nil {
		t.Error("still serving after it stopped")
	}
}

// relSnapshot returns the files under dir by their relative names.
func relSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for path, data := range snapshot(t, dir) {
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			t.Fatal(err)
		}
		out[rel] = data
	}
	return out
}

func TestServeBadAddress(t *testing.T) {
	src := t.TempDir()
	notebooktest.WriteMarkdown(t, filepath.Join(src, "a.ipynb"), "# A")
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-serve", "8080", src}, 2, "want HOST:PORT, such as localhost:8080"},
		{[]string{"-serve", "localhost:http-nope", src}, 1, "render: -serve: "},
		{[]string{"-serve", "localhost:0", filepath.Join(src, "missing.ipynb")}, 1, "no such file"},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		if code := run(context.Background(), append([]string{"-execute", "never", "-o", t.TempDir()}, tt.args...), io.Discard, &stderr); code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tt.args, code, stderr.String(), tt.code, tt.stderr)
		}
	}
}

// chromium finds a Chromium binary; without one the browser test is
// skipped on a developer's machine and fails in CI (env CI set).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no Chromium on PATH; CI must install the Debian package chromium")
	}
	t.Skip("no Chromium on PATH (apt-get install chromium); the browser test runs in CI")
	return ""
}

// TestServeBrowserReloads opens a served page in headless Chromium, marks
// the loaded document, edits the notebook, and waits for the tab to show
// the new text in a new document, reloaded by the page itself.
func TestServeBrowserReloads(t *testing.T) {
	exe := chromium(t)
	src := t.TempDir()
	page := filepath.Join(src, "live.ipynb")
	notebooktest.WriteMarkdown(t, page, "# Live", "Before the edit.")
	url, stderr, _ := serving(t, "-execute", "never", "-o", filepath.Join(t.TempDir(), "site"), src)
	ev := buildEvents(t, url)
	if <-ev == "0" {
		<-ev
	}

	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()),
	)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel)

	if err := chromedp.Do(ctx, chromedp.Navigate(url+"live.html")); err != nil {
		t.Fatal(err)
	}
	// The page's event stream may open after the edit's render ends: it is
	// then told of a build newer than the page, and reloads all the same.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.__marker = true`)); err != nil {
		t.Fatal(err)
	}
	saved := time.Now()
	notebooktest.WriteMarkdown(t, page, "# Live", "After the edit.")
	type state struct {
		Marked bool   `json:"marked"`
		Text   string `json:"text"`
	}
	for {
		st, err := chromedp.Run(ctx, chromedp.Evaluate[state](`({marked: window.__marker === true, text: document.body ? document.body.innerText : ""})`))
		if err == nil && strings.Contains(st.Text, "After the edit.") {
			if st.Marked {
				t.Error("the new text is there but the document was not reloaded")
			}
			t.Logf("the tab showed the edit %v after it was saved", time.Since(saved).Round(time.Millisecond))
			break
		}
		if time.Since(saved) > 10*time.Second {
			t.Fatalf("the tab did not reload within 10 s of the edit (%+v, %v):\n%s", st, err, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
