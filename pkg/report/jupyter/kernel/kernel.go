package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Options tune how a Kernel waits for and watches its kernel. The zero
// value of each field means its default.
type Options struct {
	// ReadyTimeout bounds the wait for the kernel to answer
	// kernel_info_request after Start or Connect; default 60s.
	ReadyTimeout time.Duration
	// HeartbeatInterval is the time between heartbeat pings; default 1s.
	HeartbeatInterval time.Duration
	// HeartbeatTimeout is how long a ping may go unanswered before the
	// kernel is declared hung; default 30s. A negative value disables
	// the heartbeat.
	HeartbeatTimeout time.Duration
	// InterruptGrace is how long an interrupted execution may take to
	// finish before the kernel is stopped; default 10s.
	InterruptGrace time.Duration
	// ShutdownGrace is how long Close waits for the kernel to exit after
	// shutdown_request before stopping it; default 5s.
	ShutdownGrace time.Duration
	// Output, if not nil, receives what a started kernel process writes to
	// its standard output and standard error.
	Output io.Writer
}

func (o *Options) withDefaults() Options {
	var r Options
	if o != nil {
		r = *o
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&r.ReadyTimeout, 60*time.Second)
	def(&r.HeartbeatInterval, time.Second)
	def(&r.HeartbeatTimeout, 30*time.Second)
	def(&r.InterruptGrace, 10*time.Second)
	def(&r.ShutdownGrace, 5*time.Second)
	return r
}

// A Kernel is a connection to a running Jupyter kernel over its shell,
// iopub, stdin, control and heartbeat sockets, and, for a kernel made by
// Start, its process. Its methods may be called from several goroutines,
// but a kernel runs one execution at a time.
type Kernel struct {
	info    *ConnectionInfo
	opts    Options
	signer  *Signer
	session string
	kinfo   KernelInfo
	proc    *process // proc is nil for a kernel made by Connect.

	ctx     context.Context // ctx ends when the connection closes; it owns the sockets.
	cancel  context.CancelFunc
	sockMu  sync.Mutex // sockMu serialises sends on the request sockets.
	shell   zmq4.Socket
	control zmq4.Socket
	stdin   zmq4.Socket
	iopub   zmq4.Socket
	hb      zmq4.Socket

	mu        sync.Mutex
	waiters   map[string]*waiter
	iopubSeen chan struct{} // iopubSeen is closed when the first iopub message arrives.
	seenOnce  sync.Once
	dead      chan struct{} // dead is closed when the kernel becomes unusable.
	deadErr   error
	closing   bool

	wg sync.WaitGroup
}

// waiter collects the replies and iopub messages of one request.
type waiter struct {
	reply chan *Message
	iopub chan *Message
	done  chan struct{}
}

func newWaiter() *waiter {
	return &waiter{reply: make(chan *Message, 1), iopub: make(chan *Message, 64), done: make(chan struct{})}
}

// Connect connects to a kernel that is already running, such as one started
// by Jupyter, and waits until it answers kernel_info_request.
func Connect(ctx context.Context, info *ConnectionInfo, opts *Options) (*Kernel, error) {
	if err := info.Check(); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	k := newKernel(info, opts, nil)
	if err := k.start(ctx); err != nil {
		k.shutdownSockets()
		return nil, err
	}
	return k, nil
}

func newKernel(info *ConnectionInfo, opts *Options, proc *process) *Kernel {
	ctx, cancel := context.WithCancel(context.Background())
	session := NewID()
	quiet := zmq4.WithLogger(log.New(io.Discard, "", 0))
	id := zmq4.WithID(zmq4.SocketIdentity(session))
	once := zmq4.WithDialerMaxRetries(0)
	return &Kernel{
		info:      info,
		opts:      opts.withDefaults(),
		signer:    NewSigner(info.Key),
		session:   session,
		proc:      proc,
		ctx:       ctx,
		cancel:    cancel,
		shell:     zmq4.NewDealer(ctx, id, quiet, once),
		control:   zmq4.NewDealer(ctx, id, quiet, once),
		stdin:     zmq4.NewDealer(ctx, id, quiet, once),
		iopub:     zmq4.NewSub(ctx, quiet, once),
		hb:        zmq4.NewReq(ctx, quiet, once),
		waiters:   make(map[string]*waiter),
		iopubSeen: make(chan struct{}),
		dead:      make(chan struct{}),
	}
}

// start dials the sockets, starts the readers, waits for the kernel to
// answer and starts the heartbeat.
func (k *Kernel) start(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, k.opts.ReadyTimeout)
	defer cancel()
	if err := k.dial(ctx); err != nil {
		return err
	}
	if err := k.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		return fmt.Errorf("kernel: subscribe to iopub: %w", err)
	}
	k.wg.Add(4)
	go k.readLoop("shell", k.shell, k.deliverReply)
	go k.readLoop("control", k.control, k.deliverReply)
	go k.readLoop("stdin", k.stdin, k.answerInput)
	go k.readLoop("iopub", k.iopub, k.deliverIOPub)
	if err := k.waitReady(ctx); err != nil {
		return err
	}
	if k.opts.HeartbeatTimeout > 0 {
		k.wg.Add(1)
		go k.heartbeat()
	}
	return nil
}

// dial connects every socket, retrying while the kernel is still binding.
func (k *Kernel) dial(ctx context.Context) error {
	socks := []struct {
		name string
		s    zmq4.Socket
		port int
	}{
		{"shell", k.shell, k.info.ShellPort},
		{"control", k.control, k.info.ControlPort},
		{"stdin", k.stdin, k.info.StdinPort},
		{"iopub", k.iopub, k.info.IOPubPort},
		{"heartbeat", k.hb, k.info.HBPort},
	}
	for _, s := range socks {
		ep := k.info.Endpoint(s.port)
		for {
			err := s.s.Dial(ep)
			if err == nil {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("kernel: %w: cannot connect the %s socket to %s within %v: %w", ErrNotReady, s.name, ep, k.opts.ReadyTimeout, err)
			case <-k.dead:
				return k.Err()
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	return nil
}

// waitReady sends kernel_info_request until the kernel replies and an iopub
// message shows that the subscription is live (a SUB socket misses what is
// published before its subscription reaches the kernel). Each unanswered
// request is followed by another, at growing intervals.
func (k *Kernel) waitReady(ctx context.Context) error {
	w := newWaiter()
	var ids []string
	defer func() { k.unregister(w, ids...) }()
	wait := 50 * time.Millisecond
	seen := k.iopubSeen
	var reply *Message
	for {
		msg, err := NewMessage(k.session, KernelInfoRequest, struct{}{})
		if err != nil {
			return err
		}
		ids = append(ids, msg.Header.MsgID)
		k.register(w, msg.Header.MsgID)
		if err := k.send(k.shell, msg); err != nil {
			return err
		}
		timer := time.NewTimer(wait)
		expired := false
		for !expired && (reply == nil || seen != nil) {
			select {
			case reply = <-w.reply:
			case <-w.iopub:
			case <-seen:
				seen = nil
			case <-timer.C:
				expired = true
			case <-k.dead:
				timer.Stop()
				return k.Err()
			case <-ctx.Done():
				timer.Stop()
				what := "no kernel_info_reply"
				if reply != nil {
					what = "a kernel_info_reply but nothing on iopub"
				}
				return fmt.Errorf("kernel: %w: %s within %v (%d requests sent)", ErrNotReady, what, k.opts.ReadyTimeout, len(ids))
			}
		}
		timer.Stop()
		if reply != nil && seen == nil {
			return reply.DecodeContent(&k.kinfo)
		}
		wait = min(2*wait, time.Second)
	}
}

// Info returns the kernel's answer to kernel_info_request.
func (k *Kernel) Info() KernelInfo { return k.kinfo }

// ConnectionInfo returns the connection info of the kernel.
func (k *Kernel) ConnectionInfo() *ConnectionInfo { return k.info }

// Done returns a channel that is closed when the kernel becomes unusable:
// its process exited, it stopped answering heartbeats, a message failed to
// verify, or the connection was closed. Err then says why.
func (k *Kernel) Done() <-chan struct{} { return k.dead }

// Err returns why the kernel became unusable, or nil while it is usable.
func (k *Kernel) Err() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.deadErr
}

// fail marks the kernel unusable for the given reason; the first reason wins.
func (k *Kernel) fail(err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.deadErr == nil {
		if k.closing {
			err = fmt.Errorf("kernel: %w", ErrClosed)
		}
		k.deadErr = err
		close(k.dead)
	}
}

// lost reports a broken socket. A started kernel whose connection breaks has
// usually exited, so it waits briefly for the exit to be recorded, which
// makes a better error.
func (k *Kernel) lost(err error) {
	if k.proc != nil {
		select {
		case <-k.proc.exited:
			err = k.proc.exitError()
		case <-time.After(2 * time.Second):
		}
	}
	k.fail(err)
}

func (k *Kernel) register(w *waiter, id string) {
	k.mu.Lock()
	k.waiters[id] = w
	k.mu.Unlock()
}

func (k *Kernel) unregister(w *waiter, ids ...string) {
	k.mu.Lock()
	for _, id := range ids {
		delete(k.waiters, id)
	}
	k.mu.Unlock()
	close(w.done)
}

func (k *Kernel) lookup(m *Message) *waiter {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.waiters[m.ParentHeader.MsgID]
}

// send signs and sends a message on one of the request sockets.
func (k *Kernel) send(s zmq4.Socket, m *Message) error {
	frames, err := k.signer.Encode(m)
	if err != nil {
		return err
	}
	k.sockMu.Lock()
	defer k.sockMu.Unlock()
	if err := s.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		return fmt.Errorf("kernel: send %s: %w", m.Header.MsgType, err)
	}
	return nil
}

// request sends a new message of the given type on s and returns the
// registered waiter for its replies and outputs.
func (k *Kernel) request(s zmq4.Socket, msgType string, content any) (*waiter, string, error) {
	if err := k.Err(); err != nil {
		return nil, "", err
	}
	msg, err := NewMessage(k.session, msgType, content)
	if err != nil {
		return nil, "", err
	}
	w := newWaiter()
	id := msg.Header.MsgID
	k.register(w, id)
	if err := k.send(s, msg); err != nil {
		k.unregister(w, id)
		return nil, "", err
	}
	return w, id, nil
}

// readLoop reads, verifies and delivers messages from one socket until the
// connection closes.
func (k *Kernel) readLoop(name string, s zmq4.Socket, deliver func(*Message)) {
	defer k.wg.Done()
	for {
		zm, err := s.Recv()
		if k.ctx.Err() != nil {
			return
		}
		if err != nil {
			k.lost(fmt.Errorf("kernel: %s socket: %w", name, err))
			return
		}
		m, err := k.signer.Decode(zm.Frames)
		if err != nil {
			k.fail(fmt.Errorf("kernel: message on the %s socket: %w", name, err))
			return
		}
		deliver(m)
	}
}

func (k *Kernel) deliverReply(m *Message) {
	if w := k.lookup(m); w != nil {
		k.deliver(w, w.reply, m)
	}
}

func (k *Kernel) deliverIOPub(m *Message) {
	k.seenOnce.Do(func() { close(k.iopubSeen) })
	if w := k.lookup(m); w != nil {
		k.deliver(w, w.iopub, m)
	}
}

func (k *Kernel) deliver(w *waiter, ch chan *Message, m *Message) {
	select {
	case ch <- m:
	case <-w.done:
	case <-k.ctx.Done():
	}
}

// answerInput replies to input_request with an empty line, since a
// headless run has nobody to type one, and shows the request to the
// execution that asked, as an iopub message would be.
func (k *Kernel) answerInput(m *Message) {
	if m.Header.MsgType != InputRequest {
		return
	}
	// The request reaches the handler before the kernel gets its answer,
	// so it comes before every output the answer leads to.
	if w := k.lookup(m); w != nil {
		k.deliver(w, w.iopub, m)
	}
	reply, err := m.Reply(InputReply, map[string]string{"value": ""})
	if err != nil {
		k.fail(err)
		return
	}
	reply.Identities = nil
	if err := k.send(k.stdin, reply); err != nil {
		k.lost(err)
	}
}

// heartbeat pings the kernel and marks it hung when a ping goes unanswered.
func (k *Kernel) heartbeat() {
	defer k.wg.Done()
	ticker := time.NewTicker(k.opts.HeartbeatInterval)
	defer ticker.Stop()
	for {
		select {
		case <-k.ctx.Done():
			return
		case <-k.dead:
			return
		case <-ticker.C:
		}
		if err := k.hb.Send(zmq4.NewMsg([]byte("ping"))); err != nil {
			if k.ctx.Err() == nil {
				k.lost(fmt.Errorf("kernel: heartbeat socket: %w", err))
			}
			return
		}
		got := make(chan error, 1)
		go func() {
			_, err := k.hb.Recv()
			got <- err
		}()
		timer := time.NewTimer(k.opts.HeartbeatTimeout)
		select {
		case err := <-got:
			timer.Stop()
			if err != nil {
				if k.ctx.Err() == nil {
					k.lost(fmt.Errorf("kernel: heartbeat socket: %w", err))
				}
				return
			}
		case <-timer.C:
			k.fail(fmt.Errorf("kernel: %w: no answer within %v", ErrHung, k.opts.HeartbeatTimeout))
			return
		case <-k.ctx.Done():
			timer.Stop()
			return
		}
	}
}

// Execute runs code in the kernel and calls handle, in arrival order, with
// every iopub message the kernel publishes for it (status, execute_input,
// stream, display_data, update_display_data, execute_result, error,
// clear_output, and input_request when the code asks for input, which is
// answered with an empty line). It returns the execute_reply once the kernel
// has replied and gone idle.
//
// A failing cell is not an error of Execute: the reply's Status is "error".
// Execute returns an error when the kernel becomes unusable (the error wraps
// ErrExited, ErrHung, ErrSignature or ErrMalformed) or when ctx ends; then
// it interrupts the kernel and returns an *InterruptError that says whether
// the kernel recovered, along with the reply if it did.
func (k *Kernel) Execute(ctx context.Context, code string, handle func(*Message)) (*ExecuteReply, error) {
	return k.execute(ctx, code, true, handle)
}

// ExecuteAllowingError is Execute for code whose error does not stop the
// run: it asks the kernel not to abort the requests that follow an error
// (stop_on_error false), as nbclient does for a cell that may fail. With
// stop_on_error set, IPython aborts the next request that arrives soon
// after an error.
func (k *Kernel) ExecuteAllowingError(ctx context.Context, code string, handle func(*Message)) (*ExecuteReply, error) {
	return k.execute(ctx, code, false, handle)
}

func (k *Kernel) execute(ctx context.Context, code string, stopOnError bool, handle func(*Message)) (*ExecuteReply, error) {
	start := time.Now()
	w, id, err := k.request(k.shell, ExecuteRequest, executeRequest{
		Code:            code,
		StoreHistory:    true,
		UserExpressions: map[string]string{},
		AllowStdin:      true,
		StopOnError:     stopOnError,
	})
	if err != nil {
		return nil, err
	}
	defer k.unregister(w, id)
	reply, err := k.collect(ctx, w, handle)
	if err == nil || ctx.Err() == nil {
		return reply, err
	}
	ierr := &InterruptError{Cause: ctx.Err()}
	grace, cancel := context.WithTimeout(context.Background(), k.opts.InterruptGrace)
	defer cancel()
	if err := k.Interrupt(grace); err != nil {
		ierr.Stopped = err
	} else {
		reply, err = k.collect(grace, w, handle)
		switch {
		case err == nil:
			ierr.Recovered = true
		case grace.Err() != nil:
			ierr.Stopped = fmt.Errorf("execution still running %v after the interrupt", k.opts.InterruptGrace)
		default:
			ierr.Stopped = err
		}
	}
	ierr.Elapsed = time.Since(start)
	if !ierr.Recovered {
		k.fail(ierr)
		k.kill()
		return nil, ierr
	}
	return reply, ierr
}

// collect gathers a request's iopub messages until the reply has come and
// the kernel is idle.
func (k *Kernel) collect(ctx context.Context, w *waiter, handle func(*Message)) (*ExecuteReply, error) {
	var reply *ExecuteReply
	idle := false
	for reply == nil || !idle {
		select {
		case m := <-w.reply:
			var r ExecuteReply
			if err := m.DecodeContent(&r); err != nil {
				return nil, err
			}
			reply = &r
		case m := <-w.iopub:
			if m.Header.MsgType == StatusType {
				var s Status
				if err := m.DecodeContent(&s); err != nil {
					return nil, err
				}
				idle = s.ExecutionState == "idle"
			}
			if handle != nil {
				handle(m)
			}
		case <-k.dead:
			return nil, k.Err()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return reply, nil
}

// Interrupt interrupts the running execution: with an interrupt_request on
// the control socket, or for a started kernel whose Spec says
// InterruptMode "signal", with SIGINT to its process group.
func (k *Kernel) Interrupt(ctx context.Context) error {
	if k.proc != nil && k.proc.interruptMode != "message" {
		return k.proc.interrupt()
	}
	_, err := k.controlRequest(ctx, InterruptRequest, struct{}{})
	return err
}

// controlRequest sends a request on the control socket and waits for its reply.
func (k *Kernel) controlRequest(ctx context.Context, msgType string, content any) (*Message, error) {
	w, id, err := k.request(k.control, msgType, content)
	if err != nil {
		return nil, err
	}
	defer k.unregister(w, id)
	select {
	case m := <-w.reply:
		return m, nil
	case <-k.dead:
		return nil, k.Err()
	case <-ctx.Done():
		return nil, fmt.Errorf("kernel: no reply to %s: %w", msgType, ctx.Err())
	}
}

// kill stops a started kernel's process group at once.
func (k *Kernel) kill() {
	if k.proc != nil {
		k.proc.kill()
	}
}

// Kill ends the kernel at once, without asking: a started kernel's whole
// process group is killed, so the programs it runs die with it, and the
// connection becomes unusable (Err wraps ErrClosed), which ends a running
// Execute. It is meant for a run that is abandoned, as on SIGTERM, where
// Execute's interrupt and Close's shutdown would wait their grace periods.
// Close must still be called to release the sockets and remove the temporary
// files; it then returns at once.
func (k *Kernel) Kill() {
	k.fail(fmt.Errorf("kernel: killed: %w", ErrClosed))
	k.kill()
}

// Close shuts the kernel down and releases everything: it sends
// shutdown_request, waits up to ShutdownGrace for a started kernel to exit,
// stops it if it does not, closes the sockets and removes the kernel's
// temporary files. Close returns an error only when the kernel had to be
// stopped. Calling Close again does nothing.
func (k *Kernel) Close() error {
	k.mu.Lock()
	if k.closing {
		k.mu.Unlock()
		return nil
	}
	k.closing = true
	alive := k.deadErr == nil
	k.mu.Unlock()

	var err error
	if alive {
		grace, cancel := context.WithTimeout(context.Background(), k.opts.ShutdownGrace)
		_, err = k.controlRequest(grace, ShutdownRequest, map[string]bool{"restart": false})
		if err == nil && k.proc != nil {
			err = k.proc.wait(grace)
		}
		cancel()
	}
	k.fail(fmt.Errorf("kernel: %w", ErrClosed))
	if k.proc != nil {
		if k.proc.stop(k.opts.ShutdownGrace) && alive {
			err = fmt.Errorf("kernel: %s did not exit after shutdown_request (%v) and was stopped", k.proc.name, err)
		} else {
			err = nil
		}
		k.proc.cleanup()
	} else if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("kernel: no reply to shutdown_request: %w", err)
	}
	k.shutdownSockets()
	return err
}

// shutdownSockets closes the sockets and waits for the readers to finish.
func (k *Kernel) shutdownSockets() {
	k.cancel()
	for _, s := range []zmq4.Socket{k.shell, k.control, k.stdin, k.iopub, k.hb} {
		s.Close()
	}
	k.wg.Wait()
}
