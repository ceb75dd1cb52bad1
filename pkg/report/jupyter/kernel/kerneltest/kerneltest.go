// Package kerneltest provides a fake Jupyter kernel for tests of clients,
// in the spirit of net/http/httptest: it speaks the messaging protocol over
// ZeroMQ with signed messages, and runs cells written in a tiny script
// language instead of a programming language, so that every kind of output
// and every failure a client must survive can be produced on demand.
//
// A test starts one in its own process with NewServer and connects to it
// with kernel.Connect:
//
//	srv, err := kerneltest.NewServer()
//	...
//	defer srv.Close()
//	k, err := kernel.Connect(ctx, srv.Info, nil)
//
// or runs it as a separate process (to test crashes, or to stand for an
// installed kernel) by re-executing the test binary with ServeEnv set to
// "1" and the connection file as its last argument; its TestMain is
// RunTests. Install makes it the only kernel spec Jupyter's folders hold
// for the rest of a test, for tests of clients that find kernels the way
// Jupyter does.
//
// Each line of a cell is one command:
//
//	print TEXT            stream TEXT and a newline to stdout
//	eprint TEXT           the same to stderr
//	display MIME TEXT     display_data with TEXT under MIME
//	show ID MIME TEXT     display_data with display id ID
//	update ID MIME TEXT   update_display_data for display id ID
//	result TEXT           execute_result with TEXT as text/plain
//	clear                 clear_output
//	clearwait             clear_output with wait
//	fail NAME VALUE       an error output; the cell fails
//	sleep DURATION        sleep; an interrupt ends the cell with an error
//	stubborn DURATION     sleep and ignore interrupts
//	input PROMPT          ask for input on stdin and print what came back
//	sh COMMAND            run COMMAND with /bin/sh -c and wait for it
//	exit CODE             the kernel dies (Main: the process exits with CODE)
//	freeze                the kernel stops answering anything, heartbeats included
//	badsig                publish a message with a wrong signature
//	import PATH           nothing, as a Go import declaration does
//
// Empty lines are skipped; any other line fails the cell with an error
// naming the unknown command.
package kerneltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
)

// A Server is a running fake kernel.
type Server struct {
	// Info is the connection info clients use to reach the server.
	Info *kernel.ConnectionInfo

	signer *kernel.Signer
	ctx    context.Context
	cancel context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket
	pubMu                            sync.Mutex // pubMu serialises iopub sends.
	stdinMu                          sync.Mutex

	mu        sync.Mutex
	received  []string
	interrupt chan struct{} // interrupt gets a value per interrupt while a cell runs.
	inputs    chan string
	frozen    chan struct{}
	freezeOne sync.Once
	count     int
	exit      func(code int)
	stopped   chan struct{}
	stopOnce  sync.Once
	wg        sync.WaitGroup
}

// NewServer starts a fake kernel on free loopback ports with a random key.
func NewServer() (*Server, error) {
	return start(&kernel.ConnectionInfo{
		Transport:       "tcp",
		IP:              "127.0.0.1",
		SignatureScheme: kernel.SignatureScheme,
		Key:             kernel.NewID(),
	})
}

// Main serves the kernel described by the connection file until a client
// sends shutdown_request, then exits the process. SIGINT interrupts the
// running cell, as for a kernel whose interrupt mode is "signal". It is
// meant for a test binary that re-executes itself as a kernel.
func Main(connectionFile string) {
	info, err := kernel.ReadConnectionFile(connectionFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kerneltest:", err)
		os.Exit(2)
	}
	s, err := start(info)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kerneltest:", err)
		os.Exit(2)
	}
	s.exit = func(code int) {
		fmt.Fprintf(os.Stderr, "kerneltest: exiting with status %d as the cell asked\n", code)
		os.Exit(code)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	go func() {
		for range sig {
			s.sendInterrupt()
		}
	}()
	<-s.stopped
	s.Close()
	os.Exit(0)
}

// ServeEnv is the environment variable that makes ServeIfAsked serve.
const ServeEnv = "GRUNDY_KERNELTEST_SERVE"

// ServeIfAsked serves as a fake kernel, with Main, and never returns when
// the variable ServeEnv is "1"; the last command-line argument is the
// connection file. Otherwise it returns at once. A test's TestMain calls
// it before running the tests, so that the test binary can be a kernel.
func ServeIfAsked() {
	if os.Getenv(ServeEnv) == "1" {
		Main(os.Args[len(os.Args)-1])
	}
}

// start binds the sockets; ports that are 0 are chosen by the system and
// written back into info.
func start(info *kernel.ConnectionInfo) (*Server, error) {
	ctx, cancel := context.WithCancel(context.Background())
	quiet := zmq4.WithLogger(log.New(io.Discard, "", 0))
	s := &Server{
		Info:      info,
		signer:    kernel.NewSigner(info.Key),
		ctx:       ctx,
		cancel:    cancel,
		shell:     zmq4.NewRouter(ctx, quiet),
		control:   zmq4.NewRouter(ctx, quiet),
		stdin:     zmq4.NewRouter(ctx, quiet),
		iopub:     zmq4.NewPub(ctx, quiet),
		hb:        zmq4.NewRep(ctx, quiet),
		interrupt: make(chan struct{}, 1),
		inputs:    make(chan string, 1),
		frozen:    make(chan struct{}),
		stopped:   make(chan struct{}),
	}
	s.exit = func(int) { s.Close() }
	for _, b := range []struct {
		sock zmq4.Socket
		port *int
	}{{s.shell, &info.ShellPort}, {s.control, &info.ControlPort}, {s.stdin, &info.StdinPort}, {s.iopub, &info.IOPubPort}, {s.hb, &info.HBPort}} {
		if err := b.sock.Listen(info.Endpoint(*b.port)); err != nil {
			s.Close()
			return nil, fmt.Errorf("kerneltest: listen: %w", err)
		}
		if *b.port == 0 {
			*b.port = b.sock.Addr().(*net.TCPAddr).Port
		}
	}
	s.wg.Add(4)
	go s.loop(s.shell, s.handleShell)
	go s.loop(s.control, s.handleControl)
	go s.loop(s.stdin, s.handleStdin)
	go s.heartbeat()
	return s, nil
}

// Close stops the server and closes its sockets.
func (s *Server) Close() error {
	s.stop()
	s.cancel()
	for _, sock := range []zmq4.Socket{s.shell, s.control, s.stdin, s.iopub, s.hb} {
		sock.Close()
	}
	return nil
}

func (s *Server) stop() { s.stopOnce.Do(func() { close(s.stopped) }) }

// Received returns the types of the requests received so far, in order.
func (s *Server) Received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.received...)
}

func (s *Server) loop(sock zmq4.Socket, handle func(*kernel.Message)) {
	defer s.wg.Done()
	for {
		zm, err := sock.Recv()
		if err != nil || s.ctx.Err() != nil {
			return
		}
		if s.isFrozen() {
			continue
		}
		m, err := s.signer.Decode(zm.Frames)
		if err != nil {
			fmt.Fprintln(os.Stderr, "kerneltest: dropping message:", err)
			continue
		}
		s.mu.Lock()
		s.received = append(s.received, m.Header.MsgType)
		s.mu.Unlock()
		handle(m)
	}
}

func (s *Server) heartbeat() {
	defer s.wg.Done()
	for {
		msg, err := s.hb.Recv()
		if err != nil || s.ctx.Err() != nil {
			return
		}
		if s.isFrozen() {
			continue
		}
		if err := s.hb.Send(msg); err != nil {
			return
		}
	}
}

func (s *Server) isFrozen() bool {
	select {
	case <-s.frozen:
		return true
	default:
		return false
	}
}

func (s *Server) send(sock zmq4.Socket, m *kernel.Message) {
	frames, err := s.signer.Encode(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kerneltest:", err)
		return
	}
	sock.SendMulti(zmq4.NewMsgFrom(frames...))
}

// reply answers a request on the socket it came from.
func (s *Server) reply(sock zmq4.Socket, req *kernel.Message, msgType string, content any) {
	r, err := req.Reply(msgType, content)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kerneltest:", err)
		return
	}
	s.send(sock, r)
}

// publish sends an iopub message whose parent is req.
func (s *Server) publish(req *kernel.Message, msgType string, content any) {
	r, err := req.Reply(msgType, content)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kerneltest:", err)
		return
	}
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	s.send(s.iopub, r)
}

func (s *Server) status(req *kernel.Message, state string) {
	s.publish(req, kernel.StatusType, kernel.Status{ExecutionState: state})
}

func (s *Server) handleShell(m *kernel.Message) {
	switch m.Header.MsgType {
	case kernel.KernelInfoRequest:
		s.status(m, "busy")
		s.reply(s.shell, m, kernel.KernelInfoReply, kernel.KernelInfo{
			Status:                "ok",
			ProtocolVersion:       kernel.ProtocolVersion,
			Implementation:        "kerneltest",
			ImplementationVersion: "1",
			LanguageInfo:          kernel.LanguageInfo{Name: "kerneltest", FileExtension: ".txt", MIMEType: "text/plain"},
		})
		s.status(m, "idle")
	case kernel.ExecuteRequest:
		s.execute(m)
	}
}

func (s *Server) handleControl(m *kernel.Message) {
	switch m.Header.MsgType {
	case kernel.InterruptRequest:
		s.sendInterrupt()
		s.reply(s.control, m, kernel.InterruptReply, map[string]string{"status": "ok"})
	case kernel.ShutdownRequest:
		s.reply(s.control, m, kernel.ShutdownReply, map[string]any{"status": "ok", "restart": false})
		s.stop()
	}
}

func (s *Server) handleStdin(m *kernel.Message) {
	if m.Header.MsgType != kernel.InputReply {
		return
	}
	var r struct {
		Value string `json:"value"`
	}
	if err := json.Unmarshal(m.Content, &r); err == nil {
		select {
		case s.inputs <- r.Value:
		default:
		}
	}
}

func (s *Server) sendInterrupt() {
	select {
	case s.interrupt <- struct{}{}:
	default:
	}
}

// errCell carries the error output of a failing cell.
type errCell struct {
	name, value string
}

func (e *errCell) Error() string { return e.name + ": " + e.value }

func (s *Server) execute(m *kernel.Message) {
	var req struct {
		Code         *string `json:"code"`
		Silent       *bool   `json:"silent"`
		StoreHistory *bool   `json:"store_history"`
	}
	s.status(m, "busy")
	defer func() {
		if !s.isFrozen() {
			s.status(m, "idle")
		}
	}()
	s.mu.Lock()
	s.count++
	count := s.count
	s.mu.Unlock()
	// Drop interrupts that came while no cell ran.
	select {
	case <-s.interrupt:
	default:
	}
	var err error
	if json.Unmarshal(m.Content, &req) != nil || req.Code == nil || req.Silent == nil || req.StoreHistory == nil {
		err = &errCell{"BadRequest", "execute_request lacks code, silent or store_history"}
	} else {
		s.publish(m, kernel.ExecuteInputType, map[string]any{"code": *req.Code, "execution_count": count})
		err = s.run(m, *req.Code, count)
	}
	if s.isFrozen() {
		return
	}
	if err != nil {
		var e *errCell
		if !errors.As(err, &e) {
			e = &errCell{"Error", err.Error()}
		}
		tb := []string{e.name + ": " + e.value}
		s.publish(m, kernel.ErrorType, kernel.Error{EName: e.name, EValue: e.value, Traceback: tb})
		s.reply(s.shell, m, kernel.ExecuteReplyType, kernel.ExecuteReply{
			Status: "error", ExecutionCount: count, EName: e.name, EValue: e.value, Traceback: tb,
		})
		return
	}
	s.reply(s.shell, m, kernel.ExecuteReplyType, kernel.ExecuteReply{Status: "ok", ExecutionCount: count})
}

func bundle(mime, text string) map[string]json.RawMessage {
	b := map[string]json.RawMessage{}
	raw, _ := json.Marshal(text)
	b[mime] = raw
	if mime != "text/plain" {
		b["text/plain"] = json.RawMessage(`"<` + mime + `>"`)
	}
	return b
}

func displayID(id string) map[string]json.RawMessage {
	raw, _ := json.Marshal(id)
	return map[string]json.RawMessage{"display_id": raw}
}

// run interprets the cell's commands.
func (s *Server) run(m *kernel.Message, code string, count int) error {
	for line := range strings.SplitSeq(code, "\n") {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		f := strings.Fields(arg)
		if strings.HasPrefix(cmd, "//") {
			continue // a comment, such as a cell option line
		}
		switch cmd {
		case "", "import":
		case "print", "eprint":
			name := "stdout"
			if cmd == "eprint" {
				name = "stderr"
			}
			s.publish(m, kernel.StreamType, kernel.Stream{Name: name, Text: arg + "\n"})
		case "display", "result":
			mime, text := "text/plain", arg
			if cmd == "display" {
				mime, text, _ = strings.Cut(arg, " ")
			}
			d := kernel.DisplayData{Data: bundle(mime, text), Metadata: map[string]json.RawMessage{}}
			typ := kernel.DisplayDataType
			if cmd == "result" {
				typ, d.ExecutionCount = kernel.ExecuteResultType, &count
			}
			s.publish(m, typ, d)
		case "show", "update":
			if len(f) < 3 {
				return &errCell{"Usage", cmd + " ID MIME TEXT"}
			}
			typ := kernel.DisplayDataType
			if cmd == "update" {
				typ = kernel.UpdateDisplayDataType
			}
			text := strings.Join(strings.Fields(arg)[2:], " ")
			s.publish(m, typ, kernel.DisplayData{Data: bundle(f[1], text), Metadata: map[string]json.RawMessage{}, Transient: displayID(f[0])})
		case "clear", "clearwait":
			s.publish(m, kernel.ClearOutputType, kernel.ClearOutput{Wait: cmd == "clearwait"})
		case "fail":
			name, value, _ := strings.Cut(arg, " ")
			return &errCell{name, value}
		case "sleep", "stubborn":
			d, err := time.ParseDuration(arg)
			if err != nil {
				return &errCell{"Usage", err.Error()}
			}
			if cmd == "stubborn" {
				time.Sleep(d)
				continue
			}
			select {
			case <-time.After(d):
			case <-s.interrupt:
				return &errCell{"Interrupted", "the cell was interrupted"}
			}
		case "input":
			s.stdinMu.Lock()
			s.reply(s.stdin, m, kernel.InputRequest, map[string]any{"prompt": arg, "password": false})
			s.stdinMu.Unlock()
			select {
			case v := <-s.inputs:
				s.publish(m, kernel.StreamType, kernel.Stream{Name: "stdout", Text: "got " + strconv.Quote(v) + "\n"})
			case <-time.After(10 * time.Second):
				return &errCell{"Input", "no input_reply"}
			}
		case "sh":
			// The kernel's own child, as a cell's shell escape makes one;
			// its output goes nowhere, so that a program it leaves
			// running holds no pipe open.
			if err := exec.Command("/bin/sh", "-c", arg).Run(); err != nil {
				return &errCell{"Shell", err.Error()}
			}
		case "exit":
			code, err := strconv.Atoi(arg)
			if err != nil {
				return &errCell{"Usage", err.Error()}
			}
			s.exit(code)
			return &errCell{"Exit", "the kernel exited"}
		case "freeze":
			s.freezeOne.Do(func() { close(s.frozen) })
			return nil
		case "badsig":
			r, err := m.Reply(kernel.StreamType, kernel.Stream{Name: "stdout", Text: "forged\n"})
			if err != nil {
				return err
			}
			frames, err := kernel.NewSigner("not the key").Encode(r)
			if err != nil {
				return err
			}
			s.pubMu.Lock()
			s.iopub.SendMulti(zmq4.NewMsgFrom(frames...))
			s.pubMu.Unlock()
		default:
			return &errCell{"UnknownCommand", strconv.Quote(cmd)}
		}
	}
	return nil
}
