package bib

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// thousandEntries is a database of 1,000 entries: testdata/cgt.bib's
// @string macros and @preamble, then its entries again and again, each
// round's keys (and crossrefs) suffixed with the round's number.
func thousandEntries(b *testing.B) ([]byte, []string) {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "cgt.bib"))
	if err != nil {
		b.Fatal(err)
	}
	start := regexp.MustCompile(`(?m)^@(\w+)\{([^,\s{}]*)`)
	crossref := regexp.MustCompile(`crossref *= *\{([^}]*)\}`)
	var out bytes.Buffer
	type entry struct{ typ, key, body string }
	var entries []entry
	locs := start.FindAllSubmatchIndex(src, -1)
	for i, m := range locs {
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		typ, key, body := string(src[m[2]:m[3]]), string(src[m[4]:m[5]]), string(src[m[1]:end])
		if strings.EqualFold(typ, "string") || strings.EqualFold(typ, "preamble") {
			out.WriteString(string(src[m[0]:end]))
			continue
		}
		entries = append(entries, entry{typ, key, body})
	}
	keys := make([]string, 0, 1000)
	for i := 0; len(keys) < 1000; i++ {
		e := entries[i%len(entries)]
		round := "-" + strconv.Itoa(i/len(entries))
		key := e.key + round
		keys = append(keys, key)
		fmt.Fprintf(&out, "@%s{%s%s", e.typ, key, crossref.ReplaceAllString(e.body, "crossref = {${1}"+round+"}"))
	}
	return out.Bytes(), keys
}

func BenchmarkParse(b *testing.B) {
	data, _ := thousandEntries(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReferences formats a document citing 1,000 works: the styler's
// disambiguation, then the sorted reference list.
func BenchmarkReferences(b *testing.B) {
	data, keys := thousandEntries(b)
	db, err := Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if refs := db.Styler(keys).References(); len(refs) != len(keys) {
			b.Fatalf("%d references for %d keys", len(refs), len(keys))
		}
	}
}

func BenchmarkCite(b *testing.B) {
	data, keys := thousandEntries(b)
	db, err := Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	s := db.Styler(keys)
	items := []Item{{Key: keys[0], Suffix: "p. 3"}, {Key: keys[1]}, {Key: keys[2], Prefix: "see"}}
	for b.Loop() {
		s.Cite(items, Parenthetical)
	}
}
