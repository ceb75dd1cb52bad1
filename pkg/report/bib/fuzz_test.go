package bib

import (
	"errors"
	"testing"
)

// FuzzParse parses any bytes as a database, then cites every entry with
// the fuzzed affix and lists the references. Parse either succeeds or
// says where it failed; formatting writes at most a constant times its
// input, and links only to http(s) URLs.
func FuzzParse(f *testing.F) {
	// Seeds are small: the fuzzer minimises every new input it finds, and
	// a whole database takes it long.
	f.Add([]byte(`@string{akp = {A K Peters}}
@book{ww, author = {Berlekamp, Elwyn R. and Conway, John H. and Guy, Richard K.},
  title = {Winning Ways for your Mathematical Plays}, edition = {2nd}, volume = 1,
  publisher = akp, address = {Natick, MA}, year = 2001}
@article{g, author = {Guy, Richard K. and Smith, Cedric A. B.}, title = {The {G}-values of various games},
  journal = {Math. Proc.}, volume = 52, number = 3, pages = {514--526}, year = 1956, doi = {10.1017/S0305004100031509}}`), ", p. 3")
	f.Add([]byte(`@string{a={x}} @string{b=a#a#a} @misc{k, author={A and {B C} and von D, E}, title=b # {\"o}}`), "chap. 2-4, note")
	f.Add([]byte(`@article{k, title={{{{{{x}}}}}}, url={javascript:x}, author={{\relax Ch}arles}}`), "")
	f.Add([]byte("@book(k, year = 1999, edition = 2, volume = 3, title = \"T\")"), ", 1496-1504")
	f.Add([]byte("@book{k, author = {A, B}, year = 2000}"), "sub verbo nim, ¶ 3 and ch. 2")
	f.Fuzz(func(t *testing.T, data []byte, suffix string) {
		db, err := Parse(data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || !(errors.Is(err, ErrSyntax) || errors.Is(err, ErrLimit)) || se.Line < 1 {
				t.Fatalf("error %v is not a *SyntaxError with a line", err)
			}
			return
		}
		keys := db.Keys()
		s := db.Styler(keys)
		size := 0
		for _, r := range s.References() {
			size += checkSpans(t, r.Spans)
		}
		// Macros may expand the input expansionFactor times; each field
		// appears in a reference a bounded number of times.
		if limit := 16*(expansionFactor+1)*len(data) + 1024; size > limit {
			t.Fatalf("references of %d bytes from %d bytes of input", size, len(data))
		}
		items := make([]Item, 0, len(keys)+1)
		for _, k := range keys {
			items = append(items, Item{Key: k, Prefix: suffix, Suffix: suffix})
		}
		items = append(items, Item{Key: suffix})
		for _, mode := range []Mode{Parenthetical, Narrative} {
			spans, _ := s.Cite(items, mode)
			n := checkSpans(t, spans)
			// At most eleven names and a year of 100 runes each (four
			// bytes a rune at worst), then the prefix and the suffix,
			// whose locator may gain dashes.
			perItem := 8192 + 4*len(suffix) + len(suffix)
			if limit := perItem * len(items); n > limit {
				t.Fatalf("citation of %d bytes for %d items of %d-byte affixes", n, len(items), len(suffix))
			}
		}
	})
}

// checkSpans fails on a link that is not an http(s) URL, and returns the
// size of the text.
func checkSpans(t *testing.T, spans []Span) int {
	t.Helper()
	n := 0
	for _, s := range spans {
		n += len(s.Text)
		if s.Link != "" && !isWebURL(s.Link) {
			t.Fatalf("link %q", s.Link)
		}
	}
	return n
}
