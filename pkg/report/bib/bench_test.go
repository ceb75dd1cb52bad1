package bib

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// thousandEntries is a database of 1,000 entries: testdata/cgt.bib's
// entries repeated under new keys.
func thousandEntries(b *testing.B) ([]byte, []string) {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "cgt.bib"))
	if err != nil {
		b.Fatal(err)
	}
	entry := regexp.MustCompile(`(?m)^@(\w+)\{([^,]+),`)
	var out bytes.Buffer
	var keys []string
	for i := 0; len(keys) < 1000; i++ {
		// The last copy may pass 1,000 a little; the list is cut below.
		renamed := entry.ReplaceAllFunc(src, func(m []byte) []byte {
			sub := entry.FindSubmatch(m)
			if bytes.EqualFold(sub[1], []byte("string")) || bytes.EqualFold(sub[1], []byte("preamble")) {
				return m
			}
			key := string(sub[2]) + "-" + strconv.Itoa(i)
			keys = append(keys, key)
			return []byte(fmt.Sprintf("@%s{%s,", sub[1], key))
		})
		out.Write(renamed)
	}
	return out.Bytes(), keys[:1000]
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
