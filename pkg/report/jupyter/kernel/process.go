package kernel

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// ConnectionFileArg is the placeholder in Spec.Argv that Start replaces by
// the path of the connection file, as in a Jupyter kernel spec.
const ConnectionFileArg = "{connection_file}"

// Spec says how to start a kernel process, like a Jupyter kernel spec.
type Spec struct {
	// Argv is the command line; ConnectionFileArg in it is replaced by
	// the connection file's path.
	Argv []string
	// Dir is the working directory; empty means the current one.
	Dir string
	// Env is the environment; nil means the current process's.
	Env []string
	// InterruptMode is "signal" (the default, as in Jupyter: SIGINT to
	// the kernel's process group) or "message" (interrupt_request on the
	// control socket).
	InterruptMode string
	// PrivateTemp gives the kernel a temporary directory of its own
	// (TMPDIR), removed by Close, so that nothing it leaves there
	// survives even a crash.
	PrivateTemp bool
}

// process is a started kernel process.
type process struct {
	name          string
	cmd           *exec.Cmd
	interruptMode string
	dir           string // dir holds the connection file and the private temp folder.
	output        *tail
	exited        chan struct{}
	state         *os.ProcessState
	// guard ends the kernel if the client dies first.
	guard *guard
	// marker marks the processes of the kernel's run (see holdTree).
	marker string
}

// Start starts a kernel process as spec says, with a fresh connection file
// on the loopback interface, connects to it and waits until it answers
// kernel_info_request. If the process exits or does not answer within
// opts.ReadyTimeout, Start stops it and returns an error that says so,
// with the last lines the process wrote.
//
// The ports of the connection file are free when chosen, but another
// program may take one before the kernel binds it (Jupyter's own clients
// have the same gap); a kernel that exits saying so is started again with
// fresh ports, up to startAttempts times.
func Start(ctx context.Context, spec Spec, opts *Options) (*Kernel, error) {
	for attempt := 1; ; attempt++ {
		k, err := start(ctx, spec, opts)
		var exit *ExitError
		if err == nil || attempt == startAttempts || ctx.Err() != nil ||
			!errors.As(err, &exit) || !portTaken(exit.Stderr) {
			return k, err
		}
	}
}

// startAttempts bounds the starts of a kernel whose ports were taken.
const startAttempts = 3

// portTaken reports whether a kernel's last output says a port it was to
// bind was taken: Go's net package (GoNB) writes "address already in
// use", ZeroMQ (ipykernel) "Address already in use".
func portTaken(stderr string) bool {
	return strings.Contains(strings.ToLower(stderr), "address already in use")
}

// start is one attempt of Start.
func start(ctx context.Context, spec Spec, opts *Options) (*Kernel, error) {
	if len(spec.Argv) == 0 {
		return nil, errors.New("kernel: empty command line")
	}
	switch spec.InterruptMode {
	case "":
		spec.InterruptMode = "signal"
	case "signal", "message":
	default:
		return nil, fmt.Errorf("kernel: interrupt mode %q (want signal or message)", spec.InterruptMode)
	}
	info, err := NewConnectionInfo()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "grundy-kernel-")
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	connFile := filepath.Join(dir, "kernel-"+NewID()+".json")
	if err := info.WriteFile(connFile); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	argv := make([]string, len(spec.Argv))
	for i, a := range spec.Argv {
		argv[i] = strings.ReplaceAll(a, ConnectionFileArg, connFile)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = spec.Dir
	cmd.Env = spec.Env
	if spec.PrivateTemp {
		tmp := filepath.Join(dir, "tmp")
		if err := os.Mkdir(tmp, 0o700); err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("kernel: %w", err)
		}
		if cmd.Env == nil {
			cmd.Env = os.Environ()
		}
		cmd.Env = append(cmd.Env, "TMPDIR="+tmp, "GOTMPDIR=")
	}
	o := opts.withDefaults()
	out := &tail{max: 16 << 10}
	var w io.Writer = out
	if o.Output != nil {
		w = io.MultiWriter(out, o.Output)
	}
	cmd.Stdout, cmd.Stderr = w, w
	setProcessGroup(cmd)
	marker := filepath.Base(dir)
	holdTree(cmd, marker)
	p := &process{
		marker:        marker,
		name:          filepath.Base(argv[0]),
		cmd:           cmd,
		interruptMode: spec.InterruptMode,
		dir:           dir,
		output:        out,
		exited:        make(chan struct{}),
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("kernel: start %s: %w", argv[0], err)
	}
	if p.guard, err = startGuard(cmd.Process.Pid, dir); err != nil {
		killGroup(cmd.Process)
		cmd.Wait()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("kernel: start the guard of %s: %w", argv[0], err)
	}
	k := newKernel(info, &o, p)
	go func() {
		cmd.Wait()
		p.state = cmd.ProcessState
		close(p.exited)
		k.fail(p.exitError())
	}()
	if err := k.start(ctx); err != nil {
		k.fail(err)
		p.stop(0)
		p.cleanup()
		k.shutdownSockets()
		if errors.Is(err, ErrNotReady) {
			if s := out.String(); s != "" {
				err = fmt.Errorf("%w; its last output:\n%s", err, s)
			}
		}
		return nil, err
	}
	return k, nil
}

// Pid returns the process id of a started kernel, or 0 for a kernel made by
// Connect.
func (k *Kernel) Pid() int {
	if k.proc == nil {
		return 0
	}
	return k.proc.cmd.Process.Pid
}

func (p *process) exitError() *ExitError {
	return &ExitError{Command: p.name, Pid: p.cmd.Process.Pid, State: p.state, Stderr: p.output.lastLines(20)}
}

func (p *process) interrupt() error {
	select {
	case <-p.exited:
		return p.exitError()
	default:
	}
	if err := interruptGroup(p.cmd.Process); err != nil {
		return fmt.Errorf("kernel: interrupt %s: %w", p.name, err)
	}
	return nil
}

func (p *process) kill() {
	select {
	case <-p.exited:
	default:
		killGroup(p.cmd.Process)
	}
	endTree(p.cmd.Process.Pid, p.marker)
}

// wait waits for the process to exit or ctx to end.
func (p *process) wait(ctx context.Context) error {
	select {
	case <-p.exited:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s still running: %w", p.name, ctx.Err())
	}
}

// stop makes sure the process has exited: it asks it to terminate, waits
// up to grace, then kills its process group and every other process of
// its run (endTree). It reports whether the process was still running.
func (p *process) stop(grace time.Duration) bool {
	select {
	case <-p.exited:
		killGroup(p.cmd.Process) // children the kernel left behind
		endTree(p.cmd.Process.Pid, p.marker)
		return false
	default:
	}
	terminateGroup(p.cmd.Process)
	select {
	case <-p.exited:
	case <-time.After(grace):
	}
	killGroup(p.cmd.Process)
	endTree(p.cmd.Process.Pid, p.marker)
	<-p.exited
	return true
}

func (p *process) cleanup() {
	os.RemoveAll(p.dir)
	p.guard.release()
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	return t.lastLines(20)
}

// lastLines returns at most n of the last complete or partial lines.
func (t *tail) lastLines(n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := bytes.TrimRight(t.buf, "\n")
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			n--
			if n == 0 {
				return string(b[i+1:])
			}
		}
	}
	return string(b)
}
