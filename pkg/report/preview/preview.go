package preview

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/grundylab/grundy/pkg/report/manifest"
)

// EventsPath is where pages listen for the end of builds. Its name starts
// with a dot, as no file a site serves does.
const EventsPath = "/.render/events"

// DefaultInterval is how often the notebooks are looked at when
// Server.Interval is zero.
const DefaultInterval = 500 * time.Millisecond

// maxBanner bounds the error text a banner shows.
const maxBanner = 16 << 10

// Bounds on the requests served at once when Server.MaxRequests or
// Server.MaxStreams is zero.
const (
	DefaultMaxRequests = 16
	DefaultMaxStreams  = 64
)

// bodyTail is how far from a page's end the server looks for its
// </body>, where it adds its script; a page without one there gets the
// script at its end.
const bodyTail = 1 << 20

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
	// Hosts are further names a request may give as its host (its Host
	// header, without the port). Whatever the address, a request must
	// name localhost or a loopback address, one of Hosts, or what Run
	// finds the listener reachable by: its address, or, on a wildcard
	// address (0.0.0.0, ::), this machine's host name and addresses.
	// Any other name is a web page's own pointed at this machine (DNS
	// rebinding), and gets 421 Misdirected Request.
	Hosts []string
	// MaxRequests bounds the files served at once, and MaxStreams the
	// pages listening for builds; zero means DefaultMaxRequests and
	// DefaultMaxStreams. A request beyond them gets 503 Service
	// Unavailable at once.
	MaxRequests, MaxStreams int

	once     sync.Once
	requests chan struct{} // requests and streams hold a token a request
	streams  chan struct{}
	own      []string // own are the names Run found for the listener

	mu       sync.Mutex
	build    uint64 // build counts the builds ended
	err      string // err is the last build's error, "" if it succeeded
	subs     map[chan struct{}]bool
	manifest *written
}

// written is the manifest of Dir as last read, with the file's stamp.
type written struct {
	stamp stamp
	m     *manifest.Manifest
}

// Run serves the site on ln, builds every notebook, then watches them
// until ctx ends, when it stops serving and returns nil. Builds that fail
// do not stop it; the error is for a listener that fails.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	s.own = ownNames(ln.Addr())
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

// ownNames returns the names a request to the listener at a may give as
// its host: the address, or for a wildcard address this machine's host
// name and the addresses of its interfaces.
func ownNames(a net.Addr) []string {
	t, ok := a.(*net.TCPAddr)
	if !ok {
		return nil
	}
	if !t.IP.IsUnspecified() {
		return []string{t.IP.String()}
	}
	var names []string
	if h, err := os.Hostname(); err == nil && h != "" {
		names = append(names, h)
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			names = append(names, n.IP.String())
		}
	}
	return names
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
		http.Error(w, "this server does not answer to that name (render -serve-host names more)", http.StatusMisdirectedRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.once.Do(func() {
		s.requests = make(chan struct{}, cmp.Or(s.MaxRequests, DefaultMaxRequests))
		s.streams = make(chan struct{}, cmp.Or(s.MaxStreams, DefaultMaxStreams))
	})
	tokens := s.requests
	if r.URL.Path == EventsPath {
		tokens = s.streams
	}
	select {
	case tokens <- struct{}{}:
		defer func() { <-tokens }()
	default:
		w.Header().Set("Retry-After", "1")
		http.Error(w, "too many requests at once", http.StatusServiceUnavailable)
		return
	}
	if r.URL.Path == EventsPath {
		s.events(w, r)
		return
	}
	s.file(w, r)
}

// hostAllowed reports whether a request's Host header names a host the
// server answers to.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	ip := net.ParseIP(host)
	if ip != nil && ip.IsLoopback() || strings.EqualFold(host, "localhost") {
		return true
	}
	for _, h := range slices.Concat(s.Hosts, s.own) {
		h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
		if strings.EqualFold(h, host) || ip != nil && ip.Equal(net.ParseIP(h)) {
			return true
		}
	}
	return false
}

// served reports whether rel, a '/'-separated path in Dir, is a file
// render wrote, or a folder holding one, by Dir's manifest, read again
// when it changes.
func (s *Server) served(rel string) (file, folder bool) {
	info, err := os.Stat(filepath.Join(s.Dir, manifest.Name))
	if err != nil {
		return false, false
	}
	st := stamp{info.Size(), info.ModTime()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.manifest == nil || s.manifest.stamp != st {
		m, err := manifest.Read(s.Dir)
		if err != nil {
			return false, false
		}
		s.manifest = &written{st, m}
	}
	return s.manifest.m.Has(rel), s.manifest.m.Holds(rel)
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
	if !manifest.ValidPath(rel) {
		http.NotFound(w, r)
		return
	}
	file, folder := s.served(rel)
	if folder {
		http.Redirect(w, r, path.Base(name)+"/", http.StatusMovedPermanently)
		return
	}
	if !file {
		http.NotFound(w, r)
		return
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
		http.NotFound(w, r)
		return
	}
	if !strings.HasSuffix(rel, ".html") {
		http.ServeContent(w, r, rel, info.ModTime(), f)
		return
	}
	at, err := lastBody(f, info.Size())
	if err != nil {
		http.Error(w, "the page cannot be read", http.StatusInternalServerError)
		return
	}
	build, failure := s.state()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	http.ServeContent(w, r, rel, time.Time{}, &spliced{f: f, at: at, size: info.Size(), add: []byte(addition(build, failure))})
}

// lastBody returns the offset of the last "</body>" among the last
// bodyTail bytes of the file f of size bytes, or size if there is none,
// reading a chunk at a time.
func lastBody(f io.ReaderAt, size int64) (int64, error) {
	const chunk = 64 << 10
	tag := []byte("</body>")
	buf := make([]byte, chunk+len(tag)-1)
	for end := size; end > 0 && size-end < bodyTail; {
		start := max(0, end-chunk)
		b := buf[:min(end+int64(len(tag))-1, size)-start]
		if n, err := f.ReadAt(b, start); n < len(b) {
			return 0, err
		}
		if i := bytes.LastIndex(b, tag); i >= 0 {
			return start + int64(i), nil
		}
		end = start
	}
	return size, nil
}

// spliced reads a file with text inserted at an offset, and seeks in
// the whole, so that a page is served from its file as it is read,
// ranges and all, never held in memory.
type spliced struct {
	f        io.ReaderAt
	at, size int64 // at is where add goes in the file of size bytes
	add      []byte
	off      int64
}

func (s *spliced) Read(p []byte) (int, error) {
	total := s.size + int64(len(s.add))
	if s.off >= total {
		return 0, io.EOF
	}
	var n int
	var err error
	switch end := s.at + int64(len(s.add)); {
	case s.off < s.at:
		n, err = s.f.ReadAt(p[:min(int64(len(p)), s.at-s.off)], s.off)
	case s.off < end:
		n = copy(p, s.add[s.off-s.at:])
	default:
		n, err = s.f.ReadAt(p[:min(int64(len(p)), total-s.off)], s.off-int64(len(s.add)))
	}
	s.off += int64(n)
	if n > 0 && errors.Is(err, io.EOF) {
		err = nil
	}
	return n, err
}

func (s *spliced) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += s.off
	case io.SeekEnd:
		offset += s.size + int64(len(s.add))
	}
	if offset < 0 {
		return 0, errors.New("seek before the start")
	}
	s.off = offset
	return offset, nil
}

// Inject returns a page with what the server adds to it before its
// </body>: the script that reloads it after a build newer than build,
// and, if failure is not "", a banner showing that error. Both are the
// server's own text; the error is escaped.
func Inject(page []byte, build uint64, failure string) []byte {
	add := addition(build, failure)
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		i = len(page)
	}
	out := make([]byte, 0, len(page)+len(add))
	out = append(out, page[:i]...)
	out = append(out, add...)
	return append(out, page[i:]...)
}

// addition returns what Inject adds to a page.
func addition(build uint64, failure string) string {
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
	return add.String()
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
