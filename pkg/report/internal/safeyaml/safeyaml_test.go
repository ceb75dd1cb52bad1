package safeyaml

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// aliasBomb returns YAML of a title that is n aliases of one text of
// size bytes, as issue 33's front matter was.
func aliasBomb(n, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "x: &a %s\ntitle: [", strings.Repeat("x", size))
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("*a")
	}
	b.WriteString("]\n")
	return b.String()
}

// billionLaughs returns YAML of depth levels of ten aliases of the level
// below.
func billionLaughs(depth int) string {
	var b strings.Builder
	b.WriteString("l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i <= depth; i++ {
		fmt.Fprintf(&b, "l%d: &l%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", "))
	}
	return b.String()
}

func TestUnmarshal(t *testing.T) {
	tests := []struct {
		name, src string
		limit     int
		want      any   // the value decoded, when there is no error
		err       error // the sentinel wrapped, nil for none
	}{
		{"mapping", "title: Nim\ntags: [a, b]\n", 100, map[string]any{"title": "Nim", "tags": []any{"a", "b"}}, nil},
		{"a few aliases", "a: &x [1, 2]\nb: *x\nc: *x\n", 100, map[string]any{"a": []any{1, 2}, "b": []any{1, 2}, "c": []any{1, 2}}, nil},
		{"merge key", "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n", 100,
			map[string]any{"base": map[string]any{"x": 1}, "other": map[string]any{"x": 1, "y": 2}}, nil},
		{"empty", "", 100, map[string]any(nil), nil},
		{"over the limit", "title: " + strings.Repeat("x", 100), 100, nil, ErrTooLarge},
		{"not YAML", "a: [b", 100, nil, ErrSyntax},
		{"repeated key", "a: 1\na: 2", 100, nil, ErrSyntax},
		{"unknown anchor", "a: *x", 100, nil, ErrSyntax},
		{"itself", "a: &a [*a]", 100, nil, ErrAliases},
		{"itself in a mapping", "a: &a {b: [*a]}", 100, nil, ErrAliases},
		{"issue 33's title", aliasBomb(20000, 10<<10), 1 << 20, nil, ErrAliases},
		{"billion laughs", billionLaughs(9), 1 << 20, nil, ErrAliases},
		{"too deep", "a: " + strings.Repeat("[", 20000), 1 << 20, nil, ErrSyntax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got map[string]any
			err := Unmarshal([]byte(tt.src), tt.limit, &got)
			if tt.err != nil {
				if !errors.Is(err, tt.err) || len(err.Error()) > 300 || strings.Contains(err.Error(), "\n") {
					t.Fatalf("error %v, want one short line wrapping %v", err, tt.err)
				}
				if got != nil {
					t.Errorf("decoded %v despite the error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v, want %#v", got, tt.want)
			}
		})
	}
}

// TestUnmarshalBudget: aliases are allowed up to Growth times the input
// plus Slack, and no further.
func TestUnmarshalBudget(t *testing.T) {
	fits, over := aliasBomb(3, 1000), aliasBomb(30, 1000)
	var v map[string]any
	if err := Unmarshal([]byte(fits), 1<<20, &v); err != nil {
		t.Errorf("3 aliases of 1000 bytes: %v", err)
	}
	if err := Unmarshal([]byte(over), 1<<20, &v); !errors.Is(err, ErrAliases) {
		t.Errorf("30 aliases of 1000 bytes: %v, want ErrAliases", err)
	}
}

// TestBudgetShared: documents that share a Budget share its slack; each
// fits alone, together they do not, and a refused one charges nothing.
func TestBudgetShared(t *testing.T) {
	doc := aliasBomb(6, 1000) // expands to about 7,000 bytes: within 4*len+Slack alone
	var v map[string]any
	for i := range 3 {
		if err := Unmarshal([]byte(doc), 1<<20, &v); err != nil {
			t.Fatalf("document %d alone: %v", i, err)
		}
	}
	b := NewBudget(len(doc), Slack)
	if err := b.Unmarshal([]byte(doc), 1<<20, &v); err != nil {
		t.Fatalf("first document: %v", err)
	}
	if err := b.Unmarshal([]byte(doc), 1<<20, &v); !errors.Is(err, ErrAliases) {
		t.Fatalf("second document: %v, want ErrAliases", err)
	}
	if err := b.Unmarshal([]byte("a: 1"), 1<<20, &v); err != nil {
		t.Errorf("a small document after a refused one: %v", err)
	}
}

// FuzzUnmarshal: whatever the input, a value decoded is at most Growth
// times the input plus Slack, counted as Unmarshal counts it, and an
// error is one short line.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{"a: 1", "a: &x [1]\nb: *x", aliasBomb(50, 100), aliasBomb(2000, 4000), billionLaughs(3), "a: &a [*a]", "<<: {a: 1}", "- [a, {b: c}]\n- |\n  text\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		err := Unmarshal([]byte(s), 1<<16, &v)
		if err != nil {
			if len(err.Error()) > 400 || strings.Contains(err.Error(), "\n") {
				t.Fatalf("error of %d bytes: %q", len(err.Error()), err)
			}
			return
		}
		if size := valueSize(v); size > int64(Growth*len(s)+Slack) {
			t.Fatalf("%d bytes of YAML decoded to %d", len(s), size)
		}
	})
}

// valueSize returns the size of a decoded value as Unmarshal measures a
// document: the length of each text and one for each value.
func valueSize(v any) int64 {
	switch v := v.(type) {
	case string:
		return 1 + int64(len(v))
	case []any:
		n := int64(1)
		for _, x := range v {
			n += valueSize(x)
		}
		return n
	case map[string]any:
		n := int64(1)
		for k, x := range v {
			n += 1 + int64(len(k)) + valueSize(x)
		}
		return n
	case map[any]any:
		n := int64(1)
		for k, x := range v {
			n += valueSize(k) + valueSize(x)
		}
		return n
	}
	return 1
}
