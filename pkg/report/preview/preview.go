package preview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// EventsPath is where pages listen for the end of builds. Its name starts
// with a dot, as no file a site serves does.
const EventsPath = "/.render/events"

// DefaultInterval is how often the notebooks are looked at when
// Server.Interval is zero.
const DefaultInterval = 500 * time.Millisecond

// maxBanner bounds the error text a banner shows.
const maxBanner = 16 << 10

// A Server serves a site's folder and builds it again when its notebooks
// change. Set its fields before Run.
type Server struct {
	// Dir is the site's folder.
	Dir string
	// Notebooks lists the notebooks to watch. It is called at every
	// poll, so that notebooks added to a folder are seen.
	Notebooks func() ([]string, error)
	// Build renders the notebooks in changed into Dir, or all of them
	// for a nil changed. Its error is shown on the pages; Build itself
	// tells the terminal.
	Build func(ctx context.Context, changed []string) error
	// Interval is how often the notebooks are looked at; zero means
	// DefaultInterval.
	Interval time.Duration
	// Log, if set, receives what a person at the terminal should know:
	// which notebooks changed, and a list of them that cannot be made.
	Log func(msg string)
	// Hosts are the host names a request may name (its Host header,
	// without the port); empty accepts any, except that Run, on a
	// loopback address, accepts only loopback names and addresses.
	Hosts []string

	mu    sync.Mutex
	build uint64 // build counts the builds ended
	err   string // err is the last build's error, "" if it succeeded
	subs  map[chan struct{}]bool
}

// Run serves the site on ln, builds every notebook, then watches them
// until ctx ends, when it stops serving and returns nil. Builds that fail
// do not stop it; the error is for a listener that fails.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	if len(s.Hosts) == 0 && isLoopback(ln.Addr()) {
		s.Hosts = []string{"localhost"}
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		BaseContext:       func(net.Listener) context.Context { return ctx }, // ends the event streams
		ReadHeaderTimeout: 10 * time.Second,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		s.watch(ctx)
	}()
	var err error
	select {
	case err = <-served:
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	<-watched
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

func isLoopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}

func (s *Server) log(format string, args ...any) {
	if s.Log != nil {
		s.Log(fmt.Sprintf(format, args...))
	}
}

// stamp is what a poll sees of a notebook.
type stamp struct {
	size int64
	mod  time.Time
}

// look returns the notebooks and their stamps; a notebook that cannot be
// read has the zero stamp, which no file has.
func (s *Server) look() ([]string, map[string]stamp, error) {
	files, err := s.Notebooks()
	if err != nil {
		return nil, nil, err
	}
	stamps := make(map[string]stamp, len(files))
	for _, f := range files {
		if info, err := os.Stat(f); err == nil {
			stamps[f] = stamp{info.Size(), info.ModTime()}
		} else {
			stamps[f] = stamp{}
		}
	}
	return files, stamps, nil
}

// watch builds every notebook, then those that change, until ctx ends.
func (s *Server) watch(ctx context.Context) {
	interval := s.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	files, built, lookErr := s.look()
	s.run(ctx, nil)
	var seen map[string]stamp // the stamps of the last poll, while a change settles
	lastErr := ""
	if lookErr != nil {
		lastErr = lookErr.Error()
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		now, stamps, err := s.look()
		if err != nil {
			if err.Error() != lastErr {
				s.log("%v", err)
				lastErr = err.Error()
			}
			continue
		}
		lastErr = ""
		if equal(stamps, built) {
			seen = nil
			continue
		}
		if !equal(stamps, seen) {
			seen = stamps // wait for it to hold still
			continue
		}
		var changed []string
		if slices.Equal(now, files) {
			for _, f := range now {
				if stamps[f] != built[f] {
					changed = append(changed, f)
				}
			}
			s.log("%s changed: rendering", strings.Join(changed, ", "))
		} else {
			s.log("the notebooks are not the same ones: rendering them all")
		}
		files, built, seen = now, stamps, nil
		s.run(ctx, changed)
	}
}

func equal(a, b map[string]stamp) bool {
	if len(a) != len(b) || b == nil {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !v.mod.Equal(w.mod) || v.size != w.size {
			return false
		}
	}
	return true
}

// run builds and tells the pages.
func (s *Server) run(ctx context.Context, changed []string) {
	err := s.Build(ctx, changed)
	if ctx.Err() != nil {
		return // stopped, not failed
	}
	s.Built(err)
}

// Built records the end of a build, failed if err is not nil, and has
// the open pages reload.
func (s *Server) Built(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.build++
	s.err = ""
	if err != nil {
		s.err = err.Error()
		if s.err == "" {
			s.err = "the build failed"
		}
	}
	for ch := range s.subs {
		select {
		case ch <- struct{}{}:
		default: // it has one waiting already
		}
	}
}

// state returns the number of builds ended and the last one's error.
func (s *Server) state() (uint64, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.build, s.err
}

// Handler returns the handler that serves Dir and EventsPath.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(s.serveHTTP)
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		http.Error(w, "this server answers to localhost only", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if r.URL.Path == EventsPath {
		s.events(w, r)
		return
	}
	s.file(w, r)
}

// hostAllowed reports whether a request's Host header names a host the
// server answers to.
func (s *Server) hostAllowed(hostport string) bool {
	if len(s.Hosts) == 0 {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, h := range s.Hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// file serves a file of Dir, an HTML page with the reload script and, after
// a failed build, the error banner.
func (s *Server) file(w http.ResponseWriter, r *http.Request) {
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	rel := strings.TrimPrefix(name, "/")
	if rel == "" {
		rel = "index.html"
	}
	for part := range strings.SplitSeq(rel, "/") {
		if strings.HasPrefix(part, ".") {
			http.NotFound(w, r)
			return
		}
	}
	root, err := os.OpenRoot(s.Dir)
	if err != nil {
		http.Error(w, "the site's folder cannot be read", http.StatusInternalServerError)
		return
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		if err == nil && info.IsDir() {
			http.Redirect(w, r, path.Base(name)+"/", http.StatusMovedPermanently)
			return
		}
		http.NotFound(w, r)
		return
	}
	if !strings.HasSuffix(rel, ".html") {
		http.ServeContent(w, r, rel, info.ModTime(), f)
		return
	}
	page, err := readAll(f, info)
	if err != nil {
		http.Error(w, "the page cannot be read", http.StatusInternalServerError)
		return
	}
	build, failure := s.state()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, rel, time.Time{}, bytes.NewReader(Inject(page, build, failure)))
}

func readAll(f fs.File, info fs.FileInfo) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(int(min(info.Size(), 1<<30)))
	_, err := b.ReadFrom(f)
	return b.Bytes(), err
}

// Inject returns a page with what the server adds to it before its
// </body>: the script that reloads it after a build newer than build,
// and, if failure is not "", a banner showing that error. Both are the
// server's own text; the error is escaped.
func Inject(page []byte, build uint64, failure string) []byte {
	var add strings.Builder
	if failure != "" {
		if len(failure) > maxBanner {
			failure = failure[:maxBanner] + "\n[…]"
		}
		add.WriteString(`<div id="render-error" role="alert" style="position: fixed; inset: 0 0 auto 0; z-index: 2147483647; max-height: 50vh; overflow: auto; margin: 0; padding: 0.8rem 1rem; background: #82071e; color: #fff; font: 0.85rem/1.4 ui-monospace, monospace; white-space: pre-wrap; box-shadow: 0 2px 8px rgba(0,0,0,0.4);">`)
		add.WriteString("<strong>The last render failed; this page is from the last good one.</strong>\n")
		add.WriteString(html.EscapeString(strings.ToValidUTF8(failure, "\uFFFD")))
		add.WriteString("</div>\n")
	}
	add.WriteString(`<script>(() => {
  const build = "` + strconv.FormatUint(build, 10) + `";
  const events = new EventSource("` + EventsPath + `");
  events.addEventListener("build", e => { if (e.data !== build) { events.close(); location.reload(); } });
})();</script>
`)
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+add.Len())
	out = append(out, page[:i]...)
	out = append(out, add.String()...)
	return append(out, page[i:]...)
}

// events streams the number of each build that ends, starting with the
// last one's, until the request ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	ch := make(chan struct{}, 1)
	s.mu.Lock()
	if s.subs == nil {
		s.subs = map[chan struct{}]bool{}
	}
	s.subs[ch] = true
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, ch)
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	send := func() bool {
		build, _ := s.state()
		_, err := fmt.Fprintf(w, "event: build\ndata: %d\n\n", build)
		flusher.Flush()
		return err == nil
	}
	fmt.Fprint(w, "retry: 1000\n")
	if !send() {
		return
	}
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-ch:
			if !send() {
				return
			}
		case <-keepAlive.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}
