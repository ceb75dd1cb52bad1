package notebook

import (
	"strings"
	"unicode/utf8"
)

// Joins reports whether Jupyter shows out as the continuation of prev: both
// are streams of the same name. nbclient saves consecutive stream messages
// of one name as one output, and a notebook shows consecutive stream
// outputs of one name as one text; the executor and the reader's view both
// join by this rule.
func Joins(prev, out *Output) bool {
	return prev != nil && out != nil && prev.Type == Stream && out.Type == Stream && prev.Name == out.Name
}

// StreamText gathers the text of one stream, piece by piece: the text of
// consecutive outputs that Joins, or of a kernel's stream messages. It
// keeps at most Max bytes, cut at the start of a character, and counts the
// rest in Dropped, so any number of pieces takes time linear in the text
// kept. A negative Max keeps everything. The zero value keeps nothing.
type StreamText struct {
	Max     int
	Dropped int64
	text    strings.Builder
}

// Add appends text, as far as Max allows.
func (s *StreamText) Add(text string) {
	if s.Max >= 0 {
		room := s.Max - s.text.Len()
		if s.Dropped > 0 || room <= 0 {
			s.Dropped += int64(len(text))
			return
		}
		if len(text) > room {
			cut := room
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			s.Dropped += int64(len(text) - cut)
			text = text[:cut]
		}
	}
	s.text.WriteString(text)
}

// String returns the text kept.
func (s *StreamText) String() string { return s.text.String() }

// Len returns the number of bytes kept.
func (s *StreamText) Len() int { return s.text.Len() }
