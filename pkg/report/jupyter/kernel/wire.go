package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"
)

// ProtocolVersion is the version of the Jupyter messaging protocol this
// package speaks; it goes into the header of every message sent.
const ProtocolVersion = "5.4"

// delimiter separates the routing identities of a message from its body.
var delimiter = []byte("<IDS|MSG>")

// A Header is the header of a message, or the parent header that ties a
// reply or an output to the request that caused it.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// A Message is one Jupyter message: routing identities, header, parent
// header, metadata, content and binary buffers. Metadata and Content are kept
// as the raw JSON that was received or is to be sent, so the signature covers
// exactly those bytes.
type Message struct {
	Identities   [][]byte
	Header       Header
	ParentHeader Header // ParentHeader is the zero Header for a message without a parent.
	Metadata     json.RawMessage
	Content      json.RawMessage
	Buffers      [][]byte
}

// Type returns the message type, Header.MsgType.
func (m *Message) Type() string { return m.Header.MsgType }

// DecodeContent unmarshals the message content into v.
func (m *Message) DecodeContent(v any) error {
	if err := json.Unmarshal(m.Content, v); err != nil {
		return &ProtocolError{Op: "decode " + m.Header.MsgType + " content", Err: ErrMalformed, Cause: err}
	}
	return nil
}

// NewMessage returns a message of the given type in the session, with a fresh
// message id, the current time and content marshalled to JSON.
func NewMessage(session, msgType string, content any) (*Message, error) {
	raw, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("kernel: marshal %s content: %w", msgType, err)
	}
	return &Message{
		Header: Header{
			MsgID:    NewID(),
			Session:  session,
			Username: "grundy",
			Date:     time.Now().UTC().Format("2006-01-02T15:04:05.000000Z07:00"),
			MsgType:  msgType,
			Version:  ProtocolVersion,
		},
		Metadata: json.RawMessage("{}"),
		Content:  raw,
	}, nil
}

// Reply returns a message of the given type whose parent is m, in m's
// session and with m's identities, as a kernel builds replies and outputs.
func (m *Message) Reply(msgType string, content any) (*Message, error) {
	r, err := NewMessage(m.Header.Session, msgType, content)
	if err != nil {
		return nil, err
	}
	r.Identities = m.Identities
	r.ParentHeader = m.Header
	return r, nil
}

// NewID returns a random identifier in the UUID text format, for message ids,
// sessions and keys.
func NewID() string {
	var u [16]byte
	// crypto/rand.Read never returns an error (it crashes the program
	// instead when the system's random source fails).
	_, _ = rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:], u[10:])
	return string(b[:])
}

// marshalHeader encodes a header; the zero header (no parent) is "{}".
func marshalHeader(h Header) ([]byte, error) {
	if h == (Header{}) {
		return []byte("{}"), nil
	}
	return json.Marshal(h)
}

// A Signer signs and verifies messages with HMAC-SHA256, the only signature
// scheme Jupyter defines. An empty key disables signing: messages carry an
// empty signature and any signature is accepted, as the protocol says.
type Signer struct {
	key []byte
}

// NewSigner returns a Signer for the connection file's key.
func NewSigner(key string) *Signer {
	return &Signer{key: []byte(key)}
}

// sign returns the hex HMAC of the four body frames.
func (s *Signer) sign(header, parent, metadata, content []byte) []byte {
	if len(s.key) == 0 {
		return []byte{}
	}
	sum := s.mac(header, parent, metadata, content)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// mac returns the HMAC-SHA256 of the four body frames, which a signature
// is in hexadecimal.
func (s *Signer) mac(header, parent, metadata, content []byte) []byte {
	mac := hmac.New(sha256.New, s.key)
	mac.Write(header)
	mac.Write(parent)
	mac.Write(metadata)
	mac.Write(content)
	return mac.Sum(nil)
}

// Encode returns the wire frames of m: identities, the delimiter, the
// signature, header, parent header, metadata, content and buffers.
func (s *Signer) Encode(m *Message) ([][]byte, error) {
	header, err := marshalHeader(m.Header)
	if err != nil {
		return nil, fmt.Errorf("kernel: marshal header: %w", err)
	}
	parent, err := marshalHeader(m.ParentHeader)
	if err != nil {
		return nil, fmt.Errorf("kernel: marshal parent header: %w", err)
	}
	metadata := []byte(m.Metadata)
	if len(metadata) == 0 {
		metadata = []byte("{}")
	}
	content := []byte(m.Content)
	if len(content) == 0 {
		content = []byte("{}")
	}
	frames := make([][]byte, 0, len(m.Identities)+6+len(m.Buffers))
	frames = append(frames, m.Identities...)
	frames = append(frames, delimiter, s.sign(header, parent, metadata, content), header, parent, metadata, content)
	frames = append(frames, m.Buffers...)
	return frames, nil
}

// Decode parses wire frames into a message, verifying the signature. Errors
// wrap ErrMalformed or ErrSignature.
func (s *Signer) Decode(frames [][]byte) (*Message, error) {
	i := 0
	for i < len(frames) && !bytes.Equal(frames[i], delimiter) {
		i++
	}
	if i == len(frames) {
		return nil, &ProtocolError{Op: "decode", Err: ErrMalformed, Msg: "no <IDS|MSG> delimiter"}
	}
	body := frames[i+1:]
	if len(body) < 5 {
		return nil, &ProtocolError{Op: "decode", Err: ErrMalformed, Msg: fmt.Sprintf("%d frames after the delimiter, want at least 5", len(body))}
	}
	sig, header, parent, metadata, content := body[0], body[1], body[2], body[3], body[4]
	if len(s.key) != 0 {
		got := make([]byte, hex.DecodedLen(len(sig)))
		if _, err := hex.Decode(got, sig); err != nil {
			return nil, &ProtocolError{Op: "decode", Err: ErrSignature, Msg: "signature is not hexadecimal"}
		}
		if !hmac.Equal(got, s.mac(header, parent, metadata, content)) {
			return nil, &ProtocolError{Op: "decode", Err: ErrSignature, Msg: "HMAC-SHA256 does not match the connection key"}
		}
	}
	m := &Message{Metadata: bytes.Clone(metadata), Content: bytes.Clone(content)}
	if i > 0 {
		m.Identities = cloneFrames(frames[:i])
	}
	if len(body) > 5 {
		m.Buffers = cloneFrames(body[5:])
	}
	if err := json.Unmarshal(header, &m.Header); err != nil {
		return nil, &ProtocolError{Op: "decode header", Err: ErrMalformed, Cause: err}
	}
	if err := json.Unmarshal(parent, &m.ParentHeader); err != nil {
		return nil, &ProtocolError{Op: "decode parent header", Err: ErrMalformed, Cause: err}
	}
	if !json.Valid(m.Metadata) || !json.Valid(m.Content) {
		return nil, &ProtocolError{Op: "decode " + m.Header.MsgType, Err: ErrMalformed, Msg: "metadata or content is not JSON"}
	}
	if m.Header.MsgType == "" {
		return nil, &ProtocolError{Op: "decode", Err: ErrMalformed, Msg: "header has no msg_type"}
	}
	return m, nil
}

func cloneFrames(frames [][]byte) [][]byte {
	out := make([][]byte, len(frames))
	for i, f := range frames {
		out[i] = bytes.Clone(f)
	}
	return out
}
