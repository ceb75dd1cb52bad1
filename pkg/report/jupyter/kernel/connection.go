package kernel

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strconv"
)

// SignatureScheme is the only signature scheme Jupyter defines.
const SignatureScheme = "hmac-sha256"

// ConnectionInfo is the content of a Jupyter connection file: where the
// kernel's five sockets listen and the key that signs messages.
type ConnectionInfo struct {
	Transport       string `json:"transport"` // Transport is "tcp" or "ipc".
	IP              string `json:"ip"`        // IP is the address, or the path prefix for ipc.
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	SignatureScheme string `json:"signature_scheme"`
	Key             string `json:"key"`
	KernelName      string `json:"kernel_name,omitempty"`
}

// NewConnectionInfo returns connection info for a kernel on the loopback
// interface: five TCP ports that were free when asked for, and a random key.
func NewConnectionInfo() (*ConnectionInfo, error) {
	ports := make([]int, 5)
	listeners := make([]net.Listener, 0, 5)
	defer func() {
		for _, l := range listeners {
			l.Close()
		}
	}()
	for i := range ports {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("kernel: find a free port: %w", err)
		}
		listeners = append(listeners, l)
		ports[i] = l.Addr().(*net.TCPAddr).Port
	}
	return &ConnectionInfo{
		Transport:       "tcp",
		IP:              "127.0.0.1",
		ShellPort:       ports[0],
		IOPubPort:       ports[1],
		StdinPort:       ports[2],
		ControlPort:     ports[3],
		HBPort:          ports[4],
		SignatureScheme: SignatureScheme,
		Key:             NewID(),
	}, nil
}

// ReadConnectionFile reads and checks a connection file.
func ReadConnectionFile(path string) (*ConnectionInfo, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	var c ConnectionInfo
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("kernel: connection file %s: %w: %w", path, ErrConnection, err)
	}
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("kernel: connection file %s: %w", path, err)
	}
	return &c, nil
}

// WriteFile writes the connection info to path, readable only by the owner
// since it holds the signing key.
func (c *ConnectionInfo) WriteFile(path string) error {
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return fmt.Errorf("kernel: %w", err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("kernel: %w", err)
	}
	return nil
}

// Check reports whether the connection info can be used: a known transport
// and signature scheme and five ports. Errors wrap ErrConnection.
func (c *ConnectionInfo) Check() error {
	if c.Transport != "tcp" && c.Transport != "ipc" {
		return fmt.Errorf("%w: transport %q (want tcp or ipc)", ErrConnection, c.Transport)
	}
	if c.IP == "" {
		return fmt.Errorf("%w: no ip", ErrConnection)
	}
	if c.Key != "" && c.SignatureScheme != SignatureScheme {
		return fmt.Errorf("%w: signature scheme %q (want %s)", ErrConnection, c.SignatureScheme, SignatureScheme)
	}
	for _, p := range []struct {
		name string
		port int
	}{{"shell", c.ShellPort}, {"iopub", c.IOPubPort}, {"stdin", c.StdinPort}, {"control", c.ControlPort}, {"hb", c.HBPort}} {
		if p.port <= 0 || p.port > 65535 {
			return fmt.Errorf("%w: %s port %d", ErrConnection, p.name, p.port)
		}
	}
	return nil
}

// Endpoint returns the ZeroMQ endpoint of a port, as Jupyter writes it:
// tcp://IP:PORT, or ipc://IP-PORT for the ipc transport.
func (c *ConnectionInfo) Endpoint(port int) string {
	if c.Transport == "ipc" {
		return "ipc://" + c.IP + "-" + strconv.Itoa(port)
	}
	return "tcp://" + net.JoinHostPort(c.IP, strconv.Itoa(port))
}
