package notebook

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestJoins(t *testing.T) {
	out := func(typ OutputType, name string) *Output { return &Output{Type: typ, Name: name} }
	tests := []struct {
		prev, out *Output
		want      bool
	}{
		{out(Stream, "stdout"), out(Stream, "stdout"), true},
		{out(Stream, "stdout"), out(Stream, "stderr"), false},
		{out(DisplayData, ""), out(Stream, "stdout"), false},
		{out(Stream, "stdout"), out(ExecuteResult, ""), false},
		{nil, out(Stream, "stdout"), false},
	}
	for i, tt := range tests {
		if got := Joins(tt.prev, tt.out); got != tt.want {
			t.Errorf("case %d: Joins = %v, want %v", i, got, tt.want)
		}
	}
}

func TestStreamText(t *testing.T) {
	tests := []struct {
		max     int
		pieces  []string
		want    string
		dropped int64
	}{
		{-1, []string{"ab", "cd"}, "abcd", 0},
		{3, []string{"ab", "cd", "ef"}, "abc", 3},
		{4, []string{"a", "é€"}, "aé", 3}, // never half a character
		{0, []string{"x"}, "", 1},
		{10, nil, "", 0},
	}
	for _, tt := range tests {
		s := StreamText{Max: tt.max}
		for _, p := range tt.pieces {
			s.Add(p)
		}
		if s.String() != tt.want || s.Dropped != tt.dropped || s.Len() != len(tt.want) {
			t.Errorf("max %d, %q: kept %q, dropped %d; want %q, %d", tt.max, tt.pieces, s.String(), s.Dropped, tt.want, tt.dropped)
		}
	}
}

// TestStreamTextLinear adds many pieces past the limit: the time is linear
// (a quadratic join of 200 000 pieces would not finish in the test's time),
// and what is kept is valid text of at most Max bytes.
func TestStreamTextLinear(t *testing.T) {
	s := StreamText{Max: 1 << 20}
	piece := strings.Repeat("€", 300)
	for range 200_000 {
		s.Add(piece)
	}
	if s.Len() > 1<<20 || !utf8.ValidString(s.String()) || int64(s.Len())+s.Dropped != 200_000*int64(len(piece)) {
		t.Errorf("kept %d bytes, dropped %d", s.Len(), s.Dropped)
	}
}
