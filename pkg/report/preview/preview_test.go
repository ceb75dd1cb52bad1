package preview

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/internal/reporttest"
	"github.com/grundylab/grundy/pkg/report/manifest"
)

const page = "<!DOCTYPE html>\n<html><head><title>P</title></head><body>\n<p>Body</p>\n</body>\n</html>\n"

// site writes a site's folder with a page, an image, a temporary file of
// a build, and files render did not write: a page and a secret of mode
// 0600. The manifest lists the page and the image.
func site(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{"index.html": page, "a b.html": page, "a_files/x.png": "PNG", ".render-tmp-1/secret.html": page, ".render.lock": "", "notes.html": page}
	for name, data := range files {
		reporttest.WriteFile(t, dir, name, []byte(data))
	}
	if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	writeManifest(t, dir, "index.html", "a b.html", "a_files/x.png")
	if err := os.Symlink(filepath.Join(t.TempDir()), filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func get(t *testing.T, h http.Handler, method, host, target string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	r.Host = host
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestHandler(t *testing.T) {
	dir := site(t)
	outside := filepath.Join(filepath.Dir(dir), "outside.html")
	if err := os.WriteFile(outside, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Server{Dir: dir}
	h := s.Handler()
	tests := []struct {
		method, host, target string
		code                 int
		body                 string
	}{
		{"GET", "localhost:8080", "/", 200, `new EventSource("/.render/events")`},
		{"GET", "localhost", "/index.html", 200, "<p>Body</p>"},
		{"GET", "127.0.0.1:9", "/a%20b.html", 200, `const build = "0"`},
		{"GET", "[::1]:9", "/a_files/x.png", 200, "PNG"},
		{"HEAD", "localhost", "/a%20b.html", 200, ""},
		{"GET", "localhost", "/.render-tmp-1/secret.html", 404, ""},
		{"GET", "localhost", "/.render.lock", 404, ""},
		{"GET", "localhost", "/../outside.html", 404, ""},
		{"GET", "localhost", "/out/../../outside.html", 404, ""},
		{"GET", "localhost", "/missing.html", 404, ""},
		{"GET", "localhost", "/secret.txt", 404, ""},
		{"GET", "localhost", "/notes.html", 404, ""},
		{"GET", "localhost", "/a_files", 301, ""},
		{"GET", "localhost", "/" + manifest.Name, 404, ""},
		{"POST", "localhost", "/index.html", 405, ""},
		{"GET", "attacker.example", "/index.html", 421, ""},
		{"GET", "attacker.example:8080", "/index.html", 421, ""},
		{"GET", "", "/index.html", 421, ""},
		{"GET", "192.168.1.1", "/index.html", 421, ""},
	}
	for _, tt := range tests {
		w := get(t, h, tt.method, tt.host, tt.target)
		if w.Code != tt.code || !strings.Contains(w.Body.String(), tt.body) {
			t.Errorf("%s %s (Host %s): %d %q, want %d with %q", tt.method, tt.target, tt.host, w.Code, w.Body.String(), tt.code, tt.body)
		}
		if w.Code == 200 && w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: Cache-Control %q", tt.target, w.Header().Get("Cache-Control"))
		}
	}
	if got := get(t, h, "GET", "localhost", "/a_files/x.png").Body.String(); got != "PNG" {
		t.Errorf("a file that is not a page was changed: %q", got)
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil || string(data) != page {
		t.Errorf("the file on disk changed: %q, %v", data, err)
	}
}

// TestBanner checks that a failed build shows its error, escaped, on
// every page served, until a build succeeds.
func TestBanner(t *testing.T) {
	s := &Server{Dir: site(t)}
	h := s.Handler()
	s.Built(errors.New(`notebook <img src=x onerror=alert(1)>.ipynb: cell 2: </div><script>alert(2)</script>`))
	body := get(t, h, "GET", "localhost", "/a%20b.html").Body.String()
	for _, want := range []string{`id="render-error"`, `notebook &lt;img src=x onerror=alert(1)&gt;.ipynb: cell 2: &lt;/div&gt;&lt;script&gt;alert(2)&lt;/script&gt;`, `const build = "1"`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %s:\n%s", want, body)
		}
	}
	if strings.Count(body, "<script>") != 1 {
		t.Errorf("a script besides the server's:\n%s", body)
	}
	s.Built(nil)
	body = get(t, h, "GET", "localhost", "/a%20b.html").Body.String()
	if strings.Contains(body, "render-error") || !strings.Contains(body, `const build = "2"`) {
		t.Errorf("after a good build:\n%s", body)
	}
}

func TestInject(t *testing.T) {
	tests := []struct{ page, want string }{
		{"<body>a</body></html>", "<body>a<script>"},
		{"<body>a </body> b</body>", "<body>a </body> b<script>"},
		{"no body", "no body<script>"},
	}
	for _, tt := range tests {
		if got := string(Inject([]byte(tt.page), 3, "")); !strings.HasPrefix(got, tt.want) {
			t.Errorf("Inject(%q) = %q", tt.page, got)
		}
	}
}

// builds records the calls of a Build.
type builds struct {
	mu    sync.Mutex
	calls [][]string
	fail  error
}

func (b *builds) build(ctx context.Context, changed []string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, slices.Clone(changed))
	return b.fail
}

func (b *builds) list() [][]string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.calls)
}

// events reads build numbers from the server's event stream.
func events(t *testing.T, ctx context.Context, url string) <-chan string {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url+EventsPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events served as %q", ct)
	}
	ch := make(chan string, 16)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if n, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				ch <- n
			}
		}
	}()
	return ch
}

func next(t *testing.T, ch <-chan string, want string) {
	t.Helper()
	select {
	case got := <-ch:
		if got != want {
			t.Fatalf("build %s, want %s", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("no build %s within 10 s", want)
	}
}

// TestRun runs a server on a loopback port over notebooks that are
// edited, added and broken, and checks the builds it makes and the events
// it sends.
func TestRun(t *testing.T) {
	src := t.TempDir()
	a, b := filepath.Join(src, "a.ipynb"), filepath.Join(src, "b.ipynb")
	for _, f := range []string{a, b} {
		if err := os.WriteFile(f, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var files []string
	var mu sync.Mutex
	setFiles := func(f ...string) { mu.Lock(); files = f; mu.Unlock() }
	setFiles(a, b)
	rec := &builds{}
	var logs []string
	s := &Server{
		Dir:       site(t),
		Notebooks: func() ([]string, error) { mu.Lock(); defer mu.Unlock(); return slices.Clone(files), nil },
		Build:     rec.build,
		Interval:  20 * time.Millisecond,
		Log:       func(m string) { mu.Lock(); logs = append(logs, m); mu.Unlock() },
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	url := "http://" + ln.Addr().String()

	ev := events(t, ctx, url)
	first := <-ev // 0 or 1, as the first build may have ended
	if first == "0" {
		next(t, ev, "1")
	}
	later := time.Now().Add(2 * time.Second) // a modification time that differs
	if err := os.Chtimes(b, later, later); err != nil {
		t.Fatal(err)
	}
	next(t, ev, "2")
	c := filepath.Join(src, "c.ipynb")
	os.WriteFile(c, []byte("{}"), 0o644)
	setFiles(a, b, c)
	next(t, ev, "3")
	rec.mu.Lock()
	rec.fail = errors.New("cell 1: <b>boom</b>")
	rec.mu.Unlock()
	os.WriteFile(a, []byte("{ }"), 0o644)
	next(t, ev, "4")

	resp, err := http.Get(url + "/index.html")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "cell 1: &lt;b&gt;boom&lt;/b&gt;") {
		t.Errorf("the page does not show the failed build:\n%s", body)
	}
	// A request naming another host, as a rebound name would.
	req, _ := http.NewRequest("GET", url+"/index.html", nil)
	req.Host = "attacker.example"
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("a request for attacker.example: %v, %v", resp.Status, err)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
	want := [][]string{nil, {b}, nil, {a}}
	got := rec.list()
	if len(got) != len(want) {
		t.Fatalf("builds %q, want %q", got, want)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) || (want[i] == nil) != (got[i] == nil) {
			t.Errorf("build %d of %q, want %q", i+1, got[i], want[i])
		}
	}
	if _, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		t.Error("still listening after Run returned")
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.ContainsFunc(logs, func(l string) bool { return strings.Contains(l, b+" changed") }) {
		t.Errorf("log %q does not say b changed", logs)
	}
}

// BenchmarkInject measures what serving a page adds: one copy of it.
func BenchmarkInject(b *testing.B) {
	page := []byte(strings.Repeat("<p>A paragraph of a long page.</p>\n", 30000) + "</body></html>")
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		Inject(page, 12, "")
	}
}
