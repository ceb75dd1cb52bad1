package bib

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Limits on what Parse reads. A .bib file is untrusted: these bound the
// memory and time it can take, whatever it holds.
const (
	// MaxSize is the largest database Parse reads, in bytes.
	MaxSize = 16 << 20
	// MaxEntries is the most entries a database holds, @string and
	// @preamble counted.
	MaxEntries = 50_000
	// MaxFieldSize is the longest field value, in bytes, after @string
	// macros are expanded.
	MaxFieldSize = 64 << 10
	// MaxDepth is the deepest nesting of braces in a value.
	MaxDepth = 32
	// expansionFactor bounds the bytes that @string macros may add by
	// expansion, as a multiple of the input's size (plus expansionSlack),
	// so that macros made of macros cannot amplify a small file.
	expansionFactor = 4
	expansionSlack  = 64 << 10
)

// ErrSyntax is wrapped by every error about malformed BibTeX.
var ErrSyntax = errors.New("bibtex syntax error")

// ErrLimit is wrapped by every error about a database that exceeds a limit
// (MaxSize, MaxEntries, MaxFieldSize, MaxDepth, or what @string macros and
// crossref may add: four times the input's size).
var ErrLimit = errors.New("bibtex limit exceeded")

// A SyntaxError reports where in a database parsing failed. It wraps
// ErrSyntax or ErrLimit.
type SyntaxError struct {
	Line int    // 1-based line of the failure
	Msg  string // what was wrong
	Err  error  // ErrSyntax or ErrLimit
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("bibtex line %d: %s", e.Line, e.Msg)
}

// Unwrap returns ErrSyntax or ErrLimit.
func (e *SyntaxError) Unwrap() error { return e.Err }

// A Database is a parsed BibTeX file: its entries by key. It is safe for
// concurrent use, as nothing changes it after Parse (its entries are not
// for callers to change either).
type Database struct {
	entries  map[string]*Entry
	keys     []string // in file order
	warnings []string
}

// An Entry is one BibTeX entry.
type Entry struct {
	Key, Type string            // Key as in the file; Type lower-case: "article", "book", ...
	Fields    map[string]string // field names lower-case, values decoded to Unicode text

	// raw holds each field's value with @string macros expanded and
	// concatenations joined, braces and TeX as written: formatting needs
	// the braces (which protect case, and delimit names).
	raw map[string]string
	// line is where the entry starts, for warnings.
	line int
}

// Entry returns the entry with the given key. Keys are matched exactly,
// then without regard to case, as BibTeX does.
func (db *Database) Entry(key string) (*Entry, bool) {
	if db == nil {
		return nil, false
	}
	if e, ok := db.entries[key]; ok {
		return e, true
	}
	e, ok := db.entries[strings.ToLower(key)]
	return e, ok
}

// Keys returns the keys of the database's entries in file order.
func (db *Database) Keys() []string {
	if db == nil {
		return nil
	}
	return append([]string(nil), db.keys...)
}

// Warnings returns what Parse accepted but found wrong, each with its line:
// duplicate keys (the first entry is kept), fields given twice (the first
// is kept), undefined @string macros (read as empty, as BibTeX reads
// them), crossrefs to no entry. After a hundred, one more says that more
// were left out.
func (db *Database) Warnings() []string {
	if db == nil {
		return nil
	}
	return append([]string(nil), db.warnings...)
}

// Parse reads a BibTeX database. Text outside entries is ignored, as
// BibTeX ignores it; @comment, @preamble and @string are understood, with
// "#" concatenation and the month macros jan ... dec, and so is crossref.
// A malformed entry or a database beyond the limits (MaxSize, MaxEntries,
// MaxFieldSize, MaxDepth, and what macros and crossrefs may add) is a
// *SyntaxError naming its line, wrapping ErrSyntax or ErrLimit.
func Parse(data []byte) (*Database, error) {
	if len(data) > MaxSize {
		return nil, &SyntaxError{Line: 1, Msg: fmt.Sprintf("database of %d bytes exceeds %d", len(data), MaxSize), Err: ErrLimit}
	}
	p := &parser{
		src:    data,
		line:   1,
		macros: map[string]string{},
		budget: expansionFactor*len(data) + expansionSlack,
		db:     &Database{entries: map[string]*Entry{}},
	}
	for m, name := range monthNames {
		p.macros[m] = name
	}
	if err := p.parse(); err != nil {
		return nil, err
	}
	if err := p.crossrefs(); err != nil {
		return nil, err
	}
	return p.db, nil
}

// crossrefs gives each entry with a crossref field the fields it lacks
// from the entry it names, as BibTeX does (one level), the parent's title
// as the booktitle. The bytes copied count against the same budget as
// macro expansion, so that many entries naming one large parent cannot
// amplify a small file.
func (p *parser) crossrefs() error {
	for _, key := range p.db.keys {
		e := p.db.entries[strings.ToLower(key)]
		ref, ok := e.raw["crossref"]
		if !ok {
			continue
		}
		parent, ok := p.db.entries[strings.ToLower(strings.TrimSpace(decodeText(ref)))]
		if !ok {
			p.warnf(e.line, "%s: crossref %q names no entry", key, decodeText(ref))
			continue
		}
		if parent == e {
			continue
		}
		for _, name := range slices.Sorted(maps.Keys(parent.raw)) {
			v := parent.raw[name]
			target := name
			switch name {
			case "title":
				target = "booktitle"
			case "booktitle":
				if _, titled := parent.raw["title"]; titled {
					continue
				}
			case "crossref", "key", "ids":
				continue
			}
			if _, has := e.raw[target]; has {
				continue
			}
			p.budget -= len(v)
			if p.budget < 0 {
				p.line = e.line
				return p.errorf(ErrLimit, "%s: crossref fields expand to more than %d times the database's size", key, expansionFactor)
			}
			e.raw[target] = v
			e.Fields[target] = parent.Fields[name]
		}
	}
	return nil
}

// verbatim are the fields whose values are not TeX: a URL's "~" and "%"
// are part of it.
var verbatim = map[string]bool{"url": true, "doi": true, "eprint": true, "file": true}

var monthNames = map[string]string{
	"jan": "January", "feb": "February", "mar": "March", "apr": "April",
	"may": "May", "jun": "June", "jul": "July", "aug": "August",
	"sep": "September", "oct": "October", "nov": "November", "dec": "December",
}

type parser struct {
	src    []byte
	pos    int
	line   int
	macros map[string]string
	count  int // entries and macros
	budget int // bytes macro expansion may still add
	warned int
	db     *Database
}

func (p *parser) errorf(sentinel error, format string, args ...any) error {
	return &SyntaxError{Line: p.line, Msg: fmt.Sprintf(format, args...), Err: sentinel}
}

// maxWarnings bounds the warnings kept; the last says how many more
// there were.
const maxWarnings = 100

func (p *parser) warnf(line int, format string, args ...any) {
	p.warned++
	switch {
	case p.warned == maxWarnings+1:
		p.db.warnings = append(p.db.warnings, fmt.Sprintf("bibtex line %d: more warnings not shown", line))
		return
	case p.warned > maxWarnings:
		return
	}
	p.db.warnings = append(p.db.warnings, fmt.Sprintf("bibtex line %d: %s", line, fmt.Sprintf(format, args...)))
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.src[p.pos]
}

func (p *parser) next() byte {
	c := p.src[p.pos]
	p.pos++
	if c == '\n' {
		p.line++
	}
	return c
}

func (p *parser) skipSpace() {
	for !p.eof() {
		switch p.peek() {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			p.next()
		default:
			return
		}
	}
}

// parse reads the whole database: entries start at "@"; anything else
// between them is a comment.
func (p *parser) parse() error {
	for {
		for !p.eof() && p.peek() != '@' {
			p.next()
		}
		if p.eof() {
			return nil
		}
		p.next()
		if err := p.entry(); err != nil {
			return err
		}
	}
}

// isIdent reports whether c may appear in an entry type, field name or
// macro name (BibTeX's rule: printable, not a delimiter).
func isIdent(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return c >= 0x80
	}
	return !strings.ContainsRune(`"#%'(),={}`, rune(c))
}

func (p *parser) ident() string {
	start := p.pos
	for !p.eof() && isIdent(p.peek()) {
		p.next()
	}
	return string(p.src[start:p.pos])
}

func (p *parser) entry() error {
	line := p.line
	p.skipSpace()
	typ := strings.ToLower(p.ident())
	if typ == "" {
		// BibTeX skips a stray "@"; so do we.
		return nil
	}
	p.skipSpace()
	if typ == "comment" {
		// @comment{...} is skipped as a balanced group; a bare @comment
		// line is text like any other comment.
		if p.peek() == '{' || p.peek() == '(' {
			_, err := p.group(p.next())
			return err
		}
		return nil
	}
	var closer byte
	switch p.peek() {
	case '{':
		closer = '}'
	case '(':
		closer = ')'
	default:
		return p.errorf(ErrSyntax, "@%s: expected { or ( after the entry type", typ)
	}
	p.next()
	p.count++
	if p.count > MaxEntries {
		return p.errorf(ErrLimit, "more than %d entries", MaxEntries)
	}
	p.skipSpace()
	switch typ {
	case "preamble":
		if _, err := p.value(); err != nil {
			return err
		}
		return p.close(closer, typ)
	case "string":
		name := strings.ToLower(p.ident())
		if name == "" {
			return p.errorf(ErrSyntax, "@string: expected a macro name")
		}
		p.skipSpace()
		if p.peek() != '=' {
			return p.errorf(ErrSyntax, "@string{%s: expected =", name)
		}
		p.next()
		v, err := p.value()
		if err != nil {
			return err
		}
		p.macros[name] = v
		return p.close(closer, typ)
	}
	return p.regular(typ, closer, line)
}

// regular reads the body of an entry: its key, then fields.
func (p *parser) regular(typ string, closer byte, line int) error {
	start := p.pos
	for !p.eof() {
		c := p.peek()
		if c == ',' || c == closer || c == '}' || c <= ' ' {
			break
		}
		p.next()
	}
	key := string(p.src[start:p.pos])
	if key == "" {
		return p.errorf(ErrSyntax, "@%s: expected a citation key", typ)
	}
	e := &Entry{Key: key, Type: typ, Fields: map[string]string{}, raw: map[string]string{}, line: line}
	for {
		p.skipSpace()
		if p.eof() {
			return p.errorf(ErrSyntax, "@%s{%s: end of file inside the entry (opened on line %d)", typ, key, line)
		}
		c := p.peek()
		if c == closer {
			p.next()
			break
		}
		if c != ',' {
			return p.errorf(ErrSyntax, "@%s{%s: expected , or %c, found %q", typ, key, closer, c)
		}
		p.next()
		p.skipSpace()
		if p.peek() == closer || p.eof() {
			continue
		}
		name := strings.ToLower(p.ident())
		if name == "" {
			return p.errorf(ErrSyntax, "@%s{%s: expected a field name, found %q", typ, key, p.peek())
		}
		p.skipSpace()
		if p.peek() != '=' {
			return p.errorf(ErrSyntax, "@%s{%s: field %s: expected =", typ, key, name)
		}
		p.next()
		v, err := p.value()
		if err != nil {
			return err
		}
		if _, dup := e.raw[name]; dup {
			p.warnf(p.line, "%s: field %s given twice; the first is kept", key, name)
			continue
		}
		e.raw[name] = v
		if verbatim[name] {
			e.Fields[name] = strings.TrimSpace(v)
		} else {
			e.Fields[name] = decodeText(v)
		}
	}
	folded := strings.ToLower(key)
	if old, dup := p.db.entries[folded]; dup {
		p.warnf(line, "duplicate key %q (first on line %d); the first entry is kept", key, old.line)
		return nil
	}
	p.db.entries[folded] = e
	if folded != key {
		p.db.entries[key] = e
	}
	p.db.keys = append(p.db.keys, key)
	return nil
}

func (p *parser) close(closer byte, typ string) error {
	p.skipSpace()
	if p.peek() != closer {
		return p.errorf(ErrSyntax, "@%s: expected %c", typ, closer)
	}
	p.next()
	return nil
}

// value reads a field value: pieces joined by "#", each a braced or
// quoted string, a number or a macro name.
func (p *parser) value() (string, error) {
	var b strings.Builder
	for {
		p.skipSpace()
		line := p.line
		switch c := p.peek(); {
		case c == '{' || c == '"':
			p.next()
			s, err := p.group(c)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
		case c >= '0' && c <= '9':
			start := p.pos
			for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
				p.next()
			}
			b.Write(p.src[start:p.pos])
		case isIdent(c) && c != 0:
			name := strings.ToLower(p.ident())
			v, ok := p.macros[name]
			if !ok {
				p.warnf(line, "undefined @string macro %q, read as empty", name)
			}
			p.budget -= len(v)
			if p.budget < 0 {
				return "", p.errorf(ErrLimit, "@string macros expand to more than %d times the database's size", expansionFactor)
			}
			b.WriteString(v)
		default:
			if p.eof() {
				return "", p.errorf(ErrSyntax, "end of file where a value was expected")
			}
			return "", p.errorf(ErrSyntax, "expected a value, found %q", c)
		}
		if b.Len() > MaxFieldSize {
			return "", p.errorf(ErrLimit, "value longer than %d bytes", MaxFieldSize)
		}
		p.skipSpace()
		if p.peek() != '#' {
			return b.String(), nil
		}
		p.next()
	}
}

// group reads a string opened by open ("{", "(" or a double quote) whose
// opener has been read, up to its closer at brace depth zero, and returns
// its content. Braces inside must balance.
func (p *parser) group(open byte) (string, error) {
	line := p.line
	closer := map[byte]byte{'{': '}', '(': ')', '"': '"'}[open]
	start := p.pos
	depth := 0
	// An opening brace is the first level of nesting.
	limit := MaxDepth
	if open == '{' {
		limit--
	}
	for !p.eof() {
		c := p.next()
		switch {
		case c == '{':
			depth++
			if depth > limit {
				return "", p.errorf(ErrLimit, "braces nested deeper than %d", MaxDepth)
			}
		case c == '}' && depth > 0:
			depth--
		case c == closer && depth == 0:
			return string(p.src[start : p.pos-1]), nil
		case c == '}':
			return "", p.errorf(ErrSyntax, "unbalanced } in a value opened on line %d", line)
		}
		if p.pos-start > MaxFieldSize {
			return "", p.errorf(ErrLimit, "value longer than %d bytes", MaxFieldSize)
		}
	}
	return "", p.errorf(ErrSyntax, "end of file inside a value opened on line %d", line)
}
