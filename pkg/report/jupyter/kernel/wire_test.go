package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"testing"
)

func mustMessage(t testing.TB, msgType string, content any) *Message {
	t.Helper()
	m, err := NewMessage("session-1", msgType, content)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	parent := mustMessage(t, ExecuteRequest, map[string]any{"code": "1+1"})
	parent.Identities = [][]byte{[]byte("peer")}
	child, err := parent.Reply(StreamType, Stream{Name: "stdout", Text: "héllo 世界\n"})
	if err != nil {
		t.Fatal(err)
	}
	child.Buffers = [][]byte{{0, 1, 2}, {}}
	for _, key := range []string{"", "secret"} {
		s := NewSigner(key)
		frames, err := s.Encode(child)
		if err != nil {
			t.Fatal(err)
		}
		if got := frames[1]; !bytes.Equal(got, delimiter) {
			t.Fatalf("key %q: frame 1 = %q, want the delimiter", key, got)
		}
		got, err := s.Decode(frames)
		if err != nil {
			t.Fatalf("key %q: %v", key, err)
		}
		if !reflect.DeepEqual(got, child) {
			t.Errorf("key %q: round trip\n got %+v\nwant %+v", key, got, child)
		}
	}
}

// TestSignatureIndependent checks the signature against HMAC-SHA256
// computed directly over the four body frames, as the spec defines it.
func TestSignatureIndependent(t *testing.T) {
	frames, err := NewSigner("k3y").Encode(mustMessage(t, KernelInfoRequest, struct{}{}))
	if err != nil {
		t.Fatal(err)
	}
	// frames: delimiter, signature, header, parent, metadata, content.
	if string(frames[0]) != "<IDS|MSG>" || len(frames) != 6 {
		t.Fatalf("frames = %q", frames)
	}
	mac := hmac.New(sha256.New, []byte("k3y"))
	for _, f := range frames[2:6] {
		mac.Write(f)
	}
	if got, want := string(frames[1]), hex.EncodeToString(mac.Sum(nil)); got != want {
		t.Errorf("signature = %s, want %s", got, want)
	}
}

func TestEncodeEmptyParent(t *testing.T) {
	frames, err := NewSigner("").Encode(mustMessage(t, KernelInfoRequest, struct{}{}))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(frames[3]); got != "{}" {
		t.Errorf("parent header = %s, want {}", got)
	}
	if got := string(frames[1]); got != "" {
		t.Errorf("signature without key = %q, want empty", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	good, err := NewSigner("key").Encode(mustMessage(t, StatusType, Status{ExecutionState: "idle"}))
	if err != nil {
		t.Fatal(err)
	}
	with := func(i int, b string) [][]byte {
		f := cloneFrames(good)
		f[i] = []byte(b)
		return f
	}
	resign := func(f [][]byte) [][]byte {
		mac := hmac.New(sha256.New, []byte("key"))
		for _, p := range f[2:6] {
			mac.Write(p)
		}
		f[1] = []byte(hex.EncodeToString(mac.Sum(nil)))
		return f
	}
	tests := []struct {
		name   string
		frames [][]byte
		want   error
	}{
		{"no delimiter", [][]byte{[]byte("a"), []byte("b")}, ErrMalformed},
		{"too few frames", good[:5], ErrMalformed},
		{"wrong signature", with(1, "00"+string(good[1][2:])), ErrSignature},
		{"signature not hex", with(1, "zz"), ErrSignature},
		{"tampered content", with(5, `{"execution_state":"busy"}`), ErrSignature},
		{"header not JSON", resign(with(2, "{")), ErrMalformed},
		{"parent not JSON", resign(with(3, "[")), ErrMalformed},
		{"content not JSON", resign(with(5, "{")), ErrMalformed},
		{"no msg_type", resign(with(2, `{"msg_id":"x"}`)), ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewSigner("key").Decode(tt.frames)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Decode = %v, want %v", err, tt.want)
			}
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T is not a *ProtocolError", err)
			}
		})
	}
}

func TestNewID(t *testing.T) {
	re := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	seen := map[string]bool{}
	for range 1000 {
		id := NewID()
		if !re.MatchString(id) {
			t.Fatalf("NewID() = %q, not a version 4 UUID", id)
		}
		if seen[id] {
			t.Fatalf("NewID repeated %q", id)
		}
		seen[id] = true
	}
}

func FuzzDecode(f *testing.F) {
	s := NewSigner("")
	m := mustMessage(f, ExecuteRequest, map[string]any{"code": "print 1"})
	frames, err := s.Encode(m)
	if err != nil {
		f.Fatal(err)
	}
	join := func(fr [][]byte) []byte { return bytes.Join(fr, []byte{0}) }
	f.Add(join(frames))
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"))
	f.Add([]byte("x\x00<IDS|MSG>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fr := bytes.Split(data, []byte{0})
		m, err := s.Decode(fr)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrSignature) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		// A decoded message encodes again into frames that decode to it.
		again, err := s.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := s.Decode(again)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if m2.Header != m.Header || !bytes.Equal(m2.Content, m.Content) {
			t.Fatalf("re-decode changed the message")
		}
	})
}

func BenchmarkEncodeDecode(b *testing.B) {
	s := NewSigner(NewID())
	for _, n := range []int{100, 10_000, 1_000_000} {
		text := string(bytes.Repeat([]byte("x"), n))
		m, err := NewMessage("s", StreamType, Stream{Name: "stdout", Text: text})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				frames, err := s.Encode(m)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Decode(frames); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestDisplayID(t *testing.T) {
	var d DisplayData
	if err := json.Unmarshal([]byte(`{"data":{},"metadata":{},"transient":{"display_id":"abc"}}`), &d); err != nil {
		t.Fatal(err)
	}
	if got := d.DisplayID(); got != "abc" {
		t.Errorf("DisplayID = %q, want abc", got)
	}
	if got := (&DisplayData{}).DisplayID(); got != "" {
		t.Errorf("DisplayID without transient = %q", got)
	}
}
