package preview

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/manifest"
)

// writeManifest writes the manifest of dir, listing the files given as render's.
func writeManifest(t *testing.T, dir string, files ...string) {
	t.Helper()
	m := manifest.New()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		m.Files[f] = []string{manifest.SumBytes(data)}
	}
	if err := m.Write(dir); err != nil {
		t.Fatal(err)
	}
}

// serve runs s on a listener at addr until the test ends and returns the
// port.
func serve(t *testing.T, s *Server, addr string) string {
	t.Helper()
	if s.Build == nil {
		s.Build = func(context.Context, []string) error { return nil }
		s.Notebooks = func() ([]string, error) { return nil, nil }
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

// status returns the status of a GET of target from the server at port
// on the loopback address, naming host in its Host header.
func status(t *testing.T, port, host, target string) int {
	t.Helper()
	req, err := http.NewRequest("GET", "http://127.0.0.1:"+port+target, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestHostsOnWildcard serves on every address, as -serve :PORT does: a
// request naming a host of another's (a rebound DNS name) is refused,
// one naming this machine, by name or address, or a name given in Hosts,
// is answered.
func TestHostsOnWildcard(t *testing.T) {
	s := &Server{Dir: site(t), Hosts: []string{"notes.example"}}
	port := serve(t, s, ":0")
	hostname, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		host string
		want int
	}{
		{"attacker.example:" + port, http.StatusMisdirectedRequest},
		{"attacker.example", http.StatusMisdirectedRequest},
		{"localhost.attacker.example", http.StatusMisdirectedRequest},
		{"8.8.8.8", http.StatusMisdirectedRequest},
		{"localhost:" + port, http.StatusOK},
		{"127.0.0.1:" + port, http.StatusOK},
		{"[::1]:" + port, http.StatusOK},
		{hostname + ":" + port, http.StatusOK},
		{"NOTES.example.:" + port, http.StatusOK},
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			tests = append(tests, struct {
				host string
				want int
			}{net.JoinHostPort(n.IP.String(), port), http.StatusOK})
		}
	}
	for _, tt := range tests {
		if got := status(t, port, tt.host, "/index.html"); got != tt.want {
			t.Errorf("Host %s: status %d, want %d", tt.host, got, tt.want)
		}
	}
}

// TestStreamsBounded opens as many event streams as the server takes: one
// more is refused at once, and a page is still served.
func TestStreamsBounded(t *testing.T) {
	s := &Server{Dir: site(t), MaxStreams: 2}
	port := serve(t, s, "127.0.0.1:0")
	for range 2 {
		resp, err := http.Get("http://127.0.0.1:" + port + EventsPath)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	if got := status(t, port, "localhost", EventsPath); got != http.StatusServiceUnavailable {
		t.Errorf("a third stream: status %d, want 503", got)
	}
	if got := status(t, port, "localhost", "/index.html"); got != http.StatusOK {
		t.Errorf("a page beside the streams: status %d, want 200", got)
	}
}

// TestRequestsBounded holds one request of a large page unread with a
// bound of one: another request is refused at once, and answered once
// the first ends.
func TestRequestsBounded(t *testing.T) {
	dir := site(t)
	big := strings.Repeat("<p>x</p>\n", 8<<20/9) + "</body></html>\n"
	if err := os.WriteFile(filepath.Join(dir, "big.html"), []byte(big), 0o644); err != nil {
		t.Fatal(err)
	}
	writeManifest(t, dir, "index.html", "big.html")
	s := &Server{Dir: dir, MaxRequests: 1}
	port := serve(t, s, "127.0.0.1:0")
	conn, err := net.Dial("tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(conn, "GET /big.html HTTP/1.1\r\nHost: localhost\r\n\r\n")
	if _, err := bufio.NewReader(conn).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	// The first request now waits on a client that reads no more.
	if got := status(t, port, "localhost", "/index.html"); got != http.StatusServiceUnavailable {
		t.Errorf("a second request: status %d, want 503", got)
	}
	conn.Close()
	deadline := time.Now().Add(10 * time.Second)
	for status(t, port, "localhost", "/index.html") != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("the bound was not released when the first request ended")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestPagesStreamed serves six requests of a large page at once and
// measures what the server allocates meanwhile: a small part of one
// page, where reading each page whole (as before) took two copies each.
// Each body is the page with the server's script before </body>.
func TestPagesStreamed(t *testing.T) {
	const size = 32 << 20
	dir := t.TempDir()
	body := strings.Repeat("<p>A paragraph of a long page.</p>\n", size/35)
	page := "<!DOCTYPE html><html><body>\n" + body + "</body></html>\n"
	if err := os.WriteFile(filepath.Join(dir, "big.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	writeManifest(t, dir, "big.html")
	s := &Server{Dir: dir}
	port := serve(t, s, "127.0.0.1:0")
	want := Inject([]byte(page), 0, "")
	page, body = "", ""
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for range 6 {
		wg.Go(func() {
			resp, err := http.Get("http://127.0.0.1:" + port + "/big.html")
			if err != nil {
				errs <- err
				return
			}
			defer resp.Body.Close()
			n, tail, err := countTail(resp.Body, 64)
			switch {
			case err != nil:
				errs <- err
			case n != int64(len(want)) || tail != string(want[len(want)-len(tail):]):
				errs <- fmt.Errorf("got %d bytes ending %q, want %d ending %q", n, tail, len(want), want[len(want)-64:])
			}
		})
	}
	wg.Wait()
	runtime.ReadMemStats(&after)
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("6 requests of a %d MB page: %.1f MB allocated", size>>20, float64(alloc)/(1<<20))
	if alloc > size/2 {
		t.Errorf("serving 6 requests of a %d MB page allocated %d MB, want under %d MB", size>>20, alloc>>20, size>>21)
	}
}

// countTail reads r to its end and returns the bytes read and the last n.
func countTail(r io.Reader, n int) (int64, string, error) {
	buf := make([]byte, 32<<10)
	var total int64
	tail := make([]byte, 0, n+len(buf))
	for {
		k, err := r.Read(buf)
		total += int64(k)
		tail = append(tail, buf[:k]...)
		if len(tail) > n {
			tail = append(tail[:0], tail[len(tail)-n:]...)
		}
		if err == io.EOF {
			return total, string(tail), nil
		}
		if err != nil {
			return total, string(tail), err
		}
	}
}

// TestSplicedRanges reads a page with its addition by ranges, through
// Seek, as http.ServeContent does: every range is the same bytes as the
// page Inject makes.
func TestSplicedRanges(t *testing.T) {
	page := []byte("<html><body><p>text</p></body></html>\n")
	want := Inject(page, 7, "boom")
	at, err := lastBody(strings.NewReader(string(page)), int64(len(page)))
	if err != nil {
		t.Fatal(err)
	}
	sp := &spliced{f: strings.NewReader(string(page)), at: at, size: int64(len(page)), add: []byte(addition(7, "boom"))}
	for start := 0; start <= len(want); start += 3 {
		for _, n := range []int{1, 5, 40, len(want)} {
			if _, err := sp.Seek(int64(start), io.SeekStart); err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(io.LimitReader(sp, int64(n)))
			if err != nil {
				t.Fatal(err)
			}
			if w := want[start:min(start+n, len(want))]; string(got) != string(w) {
				t.Fatalf("bytes %d..%d: %q, want %q", start, start+n, got, w)
			}
		}
	}
	if end, _ := sp.Seek(0, io.SeekEnd); end != int64(len(want)) {
		t.Errorf("size %d, want %d", end, len(want))
	}
}
