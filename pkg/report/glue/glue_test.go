package glue

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

func TestText(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	var nilBig *big.Int
	for _, c := range []struct {
		v    any
		want string
	}{
		{0, "0"},
		{-1234567, "-1234567"},
		{int8(-128), "-128"},
		{int16(31000), "31000"},
		{int32(-7), "-7"},
		{int64(math.MinInt64), "-9223372036854775808"},
		{uint(7), "7"},
		{uint8(255), "255"},
		{uint16(65535), "65535"},
		{uint32(4000000000), "4000000000"},
		{uint64(math.MaxUint64), "18446744073709551615"},
		{uintptr(9), "9"},
		{huge, "123456789012345678901234567890"},
		{nilBig, "<nil>"},
		{0.1, "0.1"},
		{1e21, "1e+21"},
		{100.0, "100"},
		{float32(0.1), "0.1"},
		{math.Inf(-1), "-Inf"},
		{"a < b", "a < b"},
		{true, "true"},
		{[]string{"x", "y"}, "[x y]"},
		{big.NewRat(1, 3), "1/3"},
		{count(12), "12"},
		{weekday(2), "Tuesday"},
		{errors.New("boom"), "boom"},
	} {
		if got := Text(c.v); got != c.want {
			t.Errorf("Text(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}

type count uint16

type weekday int

func (d weekday) String() string { return [...]string{"Sunday", "Monday", "Tuesday"}[d] }

func TestRecord(t *testing.T) {
	for _, c := range []struct {
		name string
		v    any
		show bool
		data map[string]any
	}{
		{"n", 42, false, map[string]any{Prefix + "text/plain": "42"}},
		{"n", 42, true, map[string]any{"text/plain": "42"}},
		{"md", Markdown("*x*"), false, map[string]any{Prefix + "text/markdown": "*x*", Prefix + "text/plain": "*x*"}},
		{"eq", LaTeX(`x^2`), false, map[string]any{Prefix + "text/latex": "x^2", Prefix + "text/plain": "x^2"}},
		{"h", HTML("<b>x</b>"), false, map[string]any{Prefix + "text/html": "<b>x</b>"}},
		{"s", SVG("<svg/>"), true, map[string]any{"image/svg+xml": "<svg/>"}},
		{"p", PNG{0x89, 'P', 'N', 'G'}, false, map[string]any{Prefix + "image/png": "iVBORw=="}},
		{"ünï-code_1.2", "x", false, map[string]any{Prefix + "text/plain": "x"}},
	} {
		out, err := Record(c.name, c.v, c.show)
		if err != nil {
			t.Fatalf("Record(%q): %v", c.name, err)
		}
		if !reflect.DeepEqual(out.Data, c.data) {
			t.Errorf("Record(%q, %#v, %v).Data = %v, want %v", c.name, c.v, c.show, out.Data, c.data)
		}
		prefix := Prefix
		if c.show {
			prefix = ""
		}
		b, err := json.Marshal(out.Metadata)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(map[string]any{"scrapbook": map[string]any{"name": c.name, "mime_prefix": prefix}})
		if !bytes.Equal(b, want) {
			t.Errorf("Record(%q).Metadata = %s, want %s", c.name, b, want)
		}
	}
}

func TestBadName(t *testing.T) {
	for _, name := range []string{"", "a b", "a\tb", "a\nb", "tick`", "a:b", "nbsp\u00a0", "ctl\x01"} {
		if _, err := Record(name, 1, false); !errors.Is(err, ErrName) {
			t.Errorf("Record(%q) error = %v, want ErrName", name, err)
		}
		func() {
			defer func() {
				err, _ := recover().(error)
				if !errors.Is(err, ErrName) {
					t.Errorf("Value(%q) panicked with %v, want ErrName", name, err)
				}
			}()
			Value(name, 1)
		}()
	}
}

// TestGob sends an Output the way gonbui does, through encoding/gob in a
// protocol.DisplayData, and checks what the kernel decodes and turns into
// the display_data message's JSON.
func TestGob(t *testing.T) {
	out, err := Record("total", big.NewInt(173895), false)
	if err != nil {
		t.Fatal(err)
	}
	data := map[protocol.MIMEType]any{}
	for k, v := range out.Data {
		data[protocol.MIMEType(k)] = v
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&protocol.DisplayData{Data: data, Metadata: out.Metadata}); err != nil {
		t.Fatalf("gob cannot send the output: %v", err)
	}
	var got protocol.DisplayData
	if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"data": got.Data, "metadata": got.Metadata})
	want := `{"data":{"application/papermill.record/text/plain":"173895"},` +
		`"metadata":{"scrapbook":{"mime_prefix":"application/papermill.record/","name":"total"}}}`
	if string(b) != want {
		t.Errorf("kernel receives %s\nwant %s", b, want)
	}
}
