package kernel_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel/kerneltest"
)

func TestMain(m *testing.M) { kerneltest.RunTests(m) }

// fast are options that make failures show quickly in tests.
func fast() *kernel.Options {
	return &kernel.Options{
		ReadyTimeout:      20 * time.Second,
		HeartbeatInterval: 50 * time.Millisecond,
		HeartbeatTimeout:  2 * time.Second,
		InterruptGrace:    2 * time.Second,
		ShutdownGrace:     2 * time.Second,
	}
}

func connect(t *testing.T, opts *kernel.Options) (*kerneltest.Server, *kernel.Kernel) {
	t.Helper()
	srv, err := kerneltest.NewServer()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	k, err := kernel.Connect(ctx, srv.Info, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return srv, k
}

// run executes code with a deadline and returns the reply and the types and
// contents of the iopub messages.
func run(t *testing.T, k *kernel.Kernel, code string, timeout time.Duration) (*kernel.ExecuteReply, []*kernel.Message, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var msgs []*kernel.Message
	reply, err := k.Execute(ctx, code, func(m *kernel.Message) { msgs = append(msgs, m) })
	return reply, msgs, err
}

func types(msgs []*kernel.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Type())
	}
	return out
}

func TestConnectInfo(t *testing.T) {
	_, k := connect(t, fast())
	info := k.Info()
	if info.Implementation != "kerneltest" || info.ProtocolVersion != kernel.ProtocolVersion {
		t.Errorf("Info = %+v", info)
	}
	if k.Pid() != 0 {
		t.Errorf("Pid of a connected kernel = %d, want 0", k.Pid())
	}
}

func TestExecuteOutputs(t *testing.T) {
	_, k := connect(t, fast())
	code := strings.Join([]string{
		"print hello",
		"eprint warn",
		"display text/html <b>x</b>",
		"show d1 text/plain first",
		"update d1 text/plain second",
		"clearwait",
		"result 42",
	}, "\n")
	reply, msgs, err := run(t, k, code, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if reply.Status != "ok" || reply.ExecutionCount != 1 {
		t.Errorf("reply = %+v", reply)
	}
	want := []string{"status", "execute_input", "stream", "stream", "display_data", "display_data",
		"update_display_data", "clear_output", "execute_result", "status"}
	if got := types(msgs); !reflect.DeepEqual(got, want) {
		t.Fatalf("messages\n got %v\nwant %v", got, want)
	}
	var s kernel.Stream
	if err := msgs[2].DecodeContent(&s); err != nil || s != (kernel.Stream{Name: "stdout", Text: "hello\n"}) {
		t.Errorf("stream = %+v, %v", s, err)
	}
	var d kernel.DisplayData
	if err := msgs[6].DecodeContent(&d); err != nil || d.DisplayID() != "d1" || string(d.Data["text/plain"]) != `"second"` {
		t.Errorf("update = %+v, %v", d, err)
	}
	var r kernel.DisplayData
	if err := msgs[8].DecodeContent(&r); err != nil || r.ExecutionCount == nil || *r.ExecutionCount != 1 {
		t.Errorf("execute_result = %+v, %v", r, err)
	}
	for _, m := range msgs {
		if m.ParentHeader.MsgID == "" || m.ParentHeader.MsgType != kernel.ExecuteRequest {
			t.Errorf("%s has parent %+v", m.Type(), m.ParentHeader)
		}
	}
}

func TestExecuteSequence(t *testing.T) {
	_, k := connect(t, fast())
	for i := 1; i <= 5; i++ {
		reply, msgs, err := run(t, k, "print x", 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if reply.ExecutionCount != i {
			t.Errorf("execution %d: count %d", i, reply.ExecutionCount)
		}
		if n := len(msgs); n != 4 {
			t.Errorf("execution %d: %d messages %v, want 4", i, n, types(msgs))
		}
	}
}

func TestExecuteError(t *testing.T) {
	_, k := connect(t, fast())
	reply, msgs, err := run(t, k, "print before\nfail ValueError bad value\nprint never", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if reply.Status != "error" || reply.EName != "ValueError" || reply.EValue != "bad value" {
		t.Errorf("reply = %+v", reply)
	}
	if got := types(msgs); !reflect.DeepEqual(got, []string{"status", "execute_input", "stream", "error", "status"}) {
		t.Errorf("messages %v", got)
	}
	// The kernel is still usable.
	if reply, _, err := run(t, k, "print after", 10*time.Second); err != nil || reply.Status != "ok" {
		t.Errorf("after a failing cell: %+v, %v", reply, err)
	}
}

func TestExecuteInput(t *testing.T) {
	_, k := connect(t, fast())
	reply, msgs, err := run(t, k, "input name?", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if reply.Status != "ok" {
		t.Fatalf("reply = %+v", reply)
	}
	got := types(msgs)
	if !slices.Contains(got, kernel.InputRequest) {
		t.Errorf("input_request not shown to the handler: %v", got)
	}
	var s kernel.Stream
	for _, m := range msgs {
		if m.Type() == kernel.StreamType {
			m.DecodeContent(&s)
		}
	}
	if s.Text != "got \"\"\n" {
		t.Errorf("the kernel got %q, want an empty line", s.Text)
	}
}

func TestTimeoutInterruptRecovers(t *testing.T) {
	srv, k := connect(t, fast())
	start := time.Now()
	reply, _, err := run(t, k, "sleep 1m", 200*time.Millisecond)
	var ie *kernel.InterruptError
	if !errors.As(err, &ie) {
		t.Fatalf("Execute = %v, want an *InterruptError", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, kernel.ErrInterrupted) {
		t.Errorf("error %v does not wrap DeadlineExceeded and ErrInterrupted", err)
	}
	if !ie.Recovered || reply == nil || reply.Status != "error" {
		t.Errorf("recovered=%v reply=%+v", ie.Recovered, reply)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("interrupt took %v", d)
	}
	if !slices.Contains(srv.Received(), kernel.InterruptRequest) {
		t.Errorf("no interrupt_request; server got %v", srv.Received())
	}
	if reply, _, err := run(t, k, "print after", 10*time.Second); err != nil || reply.Status != "ok" {
		t.Errorf("after the interrupt: %+v, %v", reply, err)
	}
}

func TestTimeoutStubbornKernel(t *testing.T) {
	opts := fast()
	opts.InterruptGrace = 300 * time.Millisecond
	_, k := connect(t, opts)
	_, _, err := run(t, k, "stubborn 20s", 200*time.Millisecond)
	var ie *kernel.InterruptError
	if !errors.As(err, &ie) || ie.Recovered {
		t.Fatalf("Execute = %v, want an unrecovered *InterruptError", err)
	}
	if !strings.Contains(err.Error(), "still running") {
		t.Errorf("error %q does not say the cell kept running", err)
	}
	select {
	case <-k.Done():
	default:
		t.Fatal("kernel still usable after failing to recover")
	}
	if _, _, err := run(t, k, "print x", time.Second); !errors.Is(err, kernel.ErrInterrupted) {
		t.Errorf("next Execute = %v, want the earlier failure", err)
	}
}

func TestHungKernel(t *testing.T) {
	opts := fast()
	opts.HeartbeatTimeout = 300 * time.Millisecond
	_, k := connect(t, opts)
	start := time.Now()
	_, _, err := run(t, k, "freeze", time.Minute)
	if !errors.Is(err, kernel.ErrHung) {
		t.Fatalf("Execute = %v, want ErrHung", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v to notice", d)
	}
}

func TestBadSignature(t *testing.T) {
	_, k := connect(t, fast())
	_, _, err := run(t, k, "badsig\nsleep 1m", time.Minute)
	if !errors.Is(err, kernel.ErrSignature) {
		t.Fatalf("Execute = %v, want ErrSignature", err)
	}
}

func TestConnectionLost(t *testing.T) {
	_, k := connect(t, fast())
	_, _, err := run(t, k, "exit 1", time.Minute)
	if err == nil {
		t.Fatal("Execute succeeded on a kernel that died")
	}
	if k.Err() == nil {
		t.Error("Err() = nil after the kernel died")
	}
}

func TestConnectNobody(t *testing.T) {
	info, err := kernel.NewConnectionInfo()
	if err != nil {
		t.Fatal(err)
	}
	opts := fast()
	opts.ReadyTimeout = 300 * time.Millisecond
	_, err = kernel.Connect(context.Background(), info, opts)
	if !errors.Is(err, kernel.ErrNotReady) {
		t.Fatalf("Connect = %v, want ErrNotReady", err)
	}
}

func TestCloseSendsShutdown(t *testing.T) {
	srv, k := connect(t, fast())
	if err := k.Close(); err != nil {
		t.Fatal(err)
	}
	if err := k.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if !slices.Contains(srv.Received(), kernel.ShutdownRequest) {
		t.Errorf("no shutdown_request; server got %v", srv.Received())
	}
	if _, _, err := run(t, k, "print x", time.Second); !errors.Is(err, kernel.ErrClosed) {
		t.Errorf("Execute after Close = %v, want ErrClosed", err)
	}
}

// fakeSpec runs this test binary as a fake kernel process.
func fakeSpec(mode string) kernel.Spec {
	return kernel.Spec{
		Argv:          []string{os.Args[0], kernel.ConnectionFileArg},
		Env:           append(os.Environ(), kerneltest.ServeEnv+"=1"),
		InterruptMode: mode,
		PrivateTemp:   true,
	}
}

func startFake(t *testing.T, mode string) *kernel.Kernel {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	k, err := kernel.Start(ctx, fakeSpec(mode), fast())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	return k
}

func processGone(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	return p.Signal(syscall.Signal(0)) != nil
}

func TestStartExecuteClose(t *testing.T) {
	k := startFake(t, "message")
	if k.Pid() == 0 {
		t.Fatal("no pid")
	}
	reply, msgs, err := run(t, k, "print hi", 10*time.Second)
	if err != nil || reply.Status != "ok" || len(msgs) != 4 {
		t.Fatalf("Execute = %+v %v, %v", reply, types(msgs), err)
	}
	if err := k.Close(); err != nil {
		t.Fatalf("Close = %v", err)
	}
	if !processGone(k.Pid()) {
		t.Error("kernel process still running after Close")
	}
}

func TestStartInterruptSignal(t *testing.T) {
	k := startFake(t, "signal")
	reply, _, err := run(t, k, "sleep 1m", 300*time.Millisecond)
	var ie *kernel.InterruptError
	if !errors.As(err, &ie) || !ie.Recovered || reply == nil || reply.EName != "Interrupted" {
		t.Fatalf("Execute = %+v, %v; want a recovered interrupt by SIGINT", reply, err)
	}
}

func TestStartCrash(t *testing.T) {
	k := startFake(t, "message")
	start := time.Now()
	_, _, err := run(t, k, "print going\nexit 3", time.Minute)
	var ee *kernel.ExitError
	if !errors.As(err, &ee) || !errors.Is(err, kernel.ErrExited) {
		t.Fatalf("Execute = %v, want an *ExitError", err)
	}
	if ee.State.ExitCode() != 3 || !strings.Contains(ee.Stderr, "exiting with status 3") {
		t.Errorf("ExitError = %+v", ee)
	}
	if !strings.Contains(err.Error(), "exited") {
		t.Errorf("error %q does not say the kernel exited", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v to notice", d)
	}
	if err := k.Close(); err != nil {
		t.Errorf("Close after a crash = %v", err)
	}
}

func TestStartFailures(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "k.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho cannot start >&2\nexit 7\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	silent := filepath.Join(dir, "silent.sh")
	if err := os.WriteFile(silent, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		spec kernel.Spec
		want error
		text string
	}{
		{"exits", kernel.Spec{Argv: []string{script, kernel.ConnectionFileArg}}, kernel.ErrExited, "cannot start"},
		{"never binds", kernel.Spec{Argv: []string{silent}}, kernel.ErrNotReady, "within"},
		{"no such program", kernel.Spec{Argv: []string{filepath.Join(dir, "missing")}}, os.ErrNotExist, "missing"},
		{"bad interrupt mode", kernel.Spec{Argv: []string{script}, InterruptMode: "poke"}, nil, "interrupt mode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := fast()
			opts.ReadyTimeout = time.Second
			start := time.Now()
			k, err := kernel.Start(context.Background(), tt.spec, opts)
			if err == nil {
				k.Close()
				t.Fatal("Start succeeded")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("Start = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q does not mention %q", err, tt.text)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

func TestConnectionFile(t *testing.T) {
	info, err := kernel.NewConnectionInfo()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "c.json")
	if err := info.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := kernel.ReadConnectionFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if *got != *info {
		t.Errorf("read %+v, wrote %+v", got, info)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("connection file mode %v, %v", fi.Mode(), err)
	}
	if got := info.Endpoint(info.ShellPort); !strings.HasPrefix(got, "tcp://127.0.0.1:") {
		t.Errorf("Endpoint = %q", got)
	}
	ipc := kernel.ConnectionInfo{Transport: "ipc", IP: "/tmp/k"}
	if got := ipc.Endpoint(3); got != "ipc:///tmp/k-3" {
		t.Errorf("ipc Endpoint = %q", got)
	}
}

func TestConnectionInfoCheck(t *testing.T) {
	good := kernel.ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: 1, IOPubPort: 2, StdinPort: 3,
		ControlPort: 4, HBPort: 5, SignatureScheme: kernel.SignatureScheme, Key: "k"}
	tests := []struct {
		name string
		edit func(*kernel.ConnectionInfo)
		ok   bool
	}{
		{"good", func(*kernel.ConnectionInfo) {}, true},
		{"no key no scheme", func(c *kernel.ConnectionInfo) { c.Key, c.SignatureScheme = "", "" }, true},
		{"udp", func(c *kernel.ConnectionInfo) { c.Transport = "udp" }, false},
		{"no ip", func(c *kernel.ConnectionInfo) { c.IP = "" }, false},
		{"md5", func(c *kernel.ConnectionInfo) { c.SignatureScheme = "hmac-md5" }, false},
		{"port 0", func(c *kernel.ConnectionInfo) { c.HBPort = 0 }, false},
		{"port too big", func(c *kernel.ConnectionInfo) { c.ShellPort = 70000 }, false},
	}
	for _, tt := range tests {
		c := good
		tt.edit(&c)
		err := c.Check()
		if (err == nil) != tt.ok {
			t.Errorf("%s: Check = %v", tt.name, err)
		}
		if err != nil && !errors.Is(err, kernel.ErrConnection) {
			t.Errorf("%s: %v does not wrap ErrConnection", tt.name, err)
		}
	}
	path := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(path, []byte(`{"transport": 1}`), 0o600)
	if _, err := kernel.ReadConnectionFile(path); !errors.Is(err, kernel.ErrConnection) {
		t.Errorf("ReadConnectionFile(bad) = %v", err)
	}
}

func BenchmarkExecute(b *testing.B) {
	srv, err := kerneltest.NewServer()
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	k, err := kernel.Connect(context.Background(), srv.Info, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer k.Close()
	for _, lines := range []int{1, 100} {
		code := strings.Repeat("print some output\n", lines)
		b.Run(strconv.Itoa(lines), func(b *testing.B) {
			for b.Loop() {
				if _, err := k.Execute(context.Background(), code, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestKill(t *testing.T) {
	k := startFake(t, "message")
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, _, err := run(t, k, "stubborn 1m", 2*time.Minute)
		done <- err
	}()
	time.Sleep(200 * time.Millisecond)
	k.Kill()
	select {
	case err := <-done:
		if !errors.Is(err, kernel.ErrClosed) {
			t.Errorf("Execute after Kill = %v, want ErrClosed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Execute still running 10s after Kill")
	}
	if err := k.Close(); err != nil {
		t.Errorf("Close after Kill = %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Kill and Close took %v; a stubborn cell must not delay them", d)
	}
	if !processGone(k.Pid()) {
		t.Error("kernel process still running after Kill and Close")
	}
}

// TestStartPortTaken starts a kernel through a shell that, the first two
// times, exits as a kernel does when another program took one of its
// ports, in GoNB's words or ipykernel's; Start tries again with fresh
// ports and gets a working kernel. A kernel that always finds its ports
// taken fails after startAttempts.
func TestStartPortTaken(t *testing.T) {
	for _, tt := range []struct {
		failures int
		ok       bool
		message  string
	}{
		{2, true, "listen tcp 127.0.0.1:1: bind: address already in use"},
		{2, true, "zmq.error.ZMQError: Address already in use"},
		{3, false, "listen tcp 127.0.0.1:1: bind: address already in use"},
	} {
		count := filepath.Join(t.TempDir(), "count")
		script := fmt.Sprintf(`n=$(cat %[1]q 2>/dev/null || echo 0); echo $((n+1)) > %[1]q
if [ "$n" -lt %[2]d ]; then echo %[3]q >&2; exit 2; fi
exec "$0" "$1"`, count, tt.failures, tt.message)
		spec := fakeSpec("message")
		spec.Argv = []string{"/bin/sh", "-c", script, os.Args[0], kernel.ConnectionFileArg}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		k, err := kernel.Start(ctx, spec, fast())
		cancel()
		runs, _ := os.ReadFile(count)
		if tt.ok {
			if err != nil {
				t.Fatalf("%d failures saying %q: Start = %v", tt.failures, tt.message, err)
			}
			k.Close()
		} else if !errors.Is(err, kernel.ErrExited) {
			t.Errorf("%d failures: Start = %v, want the kernel's exit", tt.failures, err)
		}
		if got := strings.TrimSpace(string(runs)); got != strconv.Itoa(min(tt.failures+1, 3)) {
			t.Errorf("%d failures: %s starts, want %d", tt.failures, got, min(tt.failures+1, 3))
		}
	}
}
