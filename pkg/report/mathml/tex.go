package mathml

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Limits on one formula, so that no input makes the conversion run long or
// take much memory: TeX macros can recurse without end and double their
// input at every level.
const (
	// MaxSource is the longest formula converted, in bytes.
	MaxSource = 64 << 10
	// MaxTokens is the most tokens a formula may have once its macros are
	// expanded.
	MaxTokens = 50_000
	// MaxExpansions is the most macro expansions in one formula.
	MaxExpansions = 10_000
	// MaxDefinitions is the most macros a Converter holds, and
	// MaxDefinitionTokens the most tokens in their definitions together.
	MaxDefinitions      = 2_000
	MaxDefinitionTokens = 200_000
	// MaxExpandedTokens is the most tokens the macro expansions of one
	// formula may produce in all, whether they stay in the formula or are
	// taken into definitions or dropped arguments.
	MaxExpandedTokens = 4 * MaxTokens
)

// ErrLimit is wrapped by the errors for formulas beyond one of the limits.
var ErrLimit = errors.New("TeX beyond the limits")

type tokKind uint8

const (
	tChar  tokKind = iota // one character
	tCS                   // a control sequence; text is its name without the backslash
	tSpace                // white space
	tBegin                // {
	tEnd                  // }
	tParam                // #1 to #9 in a definition; text is the digit
)

type token struct {
	kind tokKind
	text string
}

func (t token) is(kind tokKind, text string) bool { return t.kind == kind && t.text == text }

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// tokenize splits TeX into tokens, dropping % comments. Characters the
// converter keeps for its own markers, U+E000 and U+E001, become U+FFFD.
func tokenize(s string) ([]token, error) {
	if len(s) > MaxSource {
		return nil, fmt.Errorf("%w: formula of %d bytes, more than %d", ErrLimit, len(s), MaxSource)
	}
	toks := make([]token, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			j := i + 1
			for j < len(s) && isLetter(s[j]) {
				j++
			}
			if j == i+1 {
				if j == len(s) {
					return nil, errors.New("a backslash ends the formula")
				}
				_, size := utf8.DecodeRuneInString(s[j:])
				j += size
			}
			toks = append(toks, token{tCS, s[i+1 : j]})
			i = j
		case c == '%':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
				i++
			}
			toks = append(toks, token{kind: tSpace, text: " "})
		case c == '{':
			toks = append(toks, token{kind: tBegin, text: "{"})
			i++
		case c == '}':
			toks = append(toks, token{kind: tEnd, text: "}"})
			i++
		case c == '#' && i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '9':
			toks = append(toks, token{tParam, s[i+1 : i+2]})
			i += 2
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == marker || r == markerEnd || r == utf8.RuneError {
				r = utf8.RuneError
			}
			toks = append(toks, token{tChar, string(r)})
			i += size
		}
	}
	return toks, nil
}

// untokenize writes tokens back as TeX.
func untokenize(toks []token) string {
	var b strings.Builder
	for i, t := range toks {
		switch t.kind {
		case tCS:
			b.WriteByte('\\')
			b.WriteString(t.text)
			if isLetter(t.text[0]) && i+1 < len(toks) && toks[i+1].kind == tChar && isLetter(toks[i+1].text[0]) {
				b.WriteByte(' ')
			}
		case tParam:
			b.WriteByte('#')
			b.WriteString(t.text)
		default:
			b.WriteString(t.text)
		}
	}
	return b.String()
}

// A macro is a definition made by \newcommand, \def or
// \DeclareMathOperator.
type macro struct {
	nargs int
	// opt is the default of an optional first argument, when it has one.
	opt  []token
	body []token
}

// expander expands macros: a stack of token lists still to read, the
// definitions, and counts against the limits.
type expander struct {
	defs       map[string]*macro
	frames     [][]token
	pending    int // tokens in frames
	pushed     int // tokens ever put in frames
	expansions int
}

func (e *expander) push(toks []token) error {
	// Drop spent frames first, so a macro that ends in a macro keeps the
	// stack short.
	for len(e.frames) > 0 && len(e.frames[len(e.frames)-1]) == 0 {
		e.frames = e.frames[:len(e.frames)-1]
	}
	e.pending += len(toks)
	e.pushed += len(toks)
	if e.pending > MaxTokens {
		return fmt.Errorf("%w: macros expand to more than %d tokens", ErrLimit, MaxTokens)
	}
	if e.pushed > MaxExpandedTokens+MaxSource {
		return fmt.Errorf("%w: macro expansions produce more than %d tokens", ErrLimit, MaxExpandedTokens)
	}
	if len(toks) > 0 {
		e.frames = append(e.frames, toks)
	}
	return nil
}

func (e *expander) next() (token, bool) {
	for len(e.frames) > 0 {
		top := e.frames[len(e.frames)-1]
		if len(top) > 0 {
			e.frames[len(e.frames)-1] = top[1:]
			e.pending--
			return top[0], true
		}
		e.frames = e.frames[:len(e.frames)-1]
	}
	return token{}, false
}

func (e *expander) peek() (token, bool) {
	for i := len(e.frames) - 1; i >= 0; i-- {
		if len(e.frames[i]) > 0 {
			return e.frames[i][0], true
		}
	}
	return token{}, false
}

// peekPastSpace returns the first token after any space, without reading
// it or the space.
func (e *expander) peekPastSpace() (token, bool) {
	for i := len(e.frames) - 1; i >= 0; i-- {
		for _, t := range e.frames[i] {
			if t.kind != tSpace {
				return t, true
			}
		}
	}
	return token{}, false
}

func (e *expander) skipSpace() {
	for t, ok := e.peek(); ok && t.kind == tSpace; t, ok = e.peek() {
		e.next()
	}
}

// group reads a {...} group, or one token, after optional space, and
// returns its contents without the braces.
func (e *expander) group() ([]token, error) {
	e.skipSpace()
	t, ok := e.next()
	if !ok {
		return nil, errors.New("missing argument")
	}
	switch t.kind {
	case tEnd:
		return nil, errors.New("missing argument before }")
	case tBegin:
	default:
		return []token{t}, nil
	}
	var out []token
	depth := 1
	for {
		t, ok := e.next()
		if !ok {
			return nil, errors.New("missing } after an argument")
		}
		switch t.kind {
		case tBegin:
			depth++
		case tEnd:
			depth--
			if depth == 0 {
				return out, nil
			}
		}
		out = append(out, t)
	}
}

// optional reads a [...] argument if one follows, with braces balanced
// inside it.
func (e *expander) optional() ([]token, bool, error) {
	if t, ok := e.peekPastSpace(); !ok || !t.is(tChar, "[") {
		return nil, false, nil
	}
	e.skipSpace()
	e.next()
	var out []token
	depth := 0
	for {
		t, ok := e.next()
		if !ok {
			return nil, false, errors.New("missing ] after an optional argument")
		}
		switch {
		case t.kind == tBegin:
			depth++
		case t.kind == tEnd:
			depth--
		case depth == 0 && t.is(tChar, "]"):
			return out, true, nil
		}
		out = append(out, t)
	}
}

// csName reads the name being defined: \name or {\name}.
func (e *expander) csName() (string, error) {
	arg, err := e.group()
	if err != nil {
		return "", err
	}
	var name string
	n := 0
	for _, t := range arg {
		switch t.kind {
		case tSpace:
		case tCS:
			name = t.text
			n++
		default:
			n += 2
		}
	}
	if n != 1 {
		return "", fmt.Errorf("%q is not a macro name", untokenize(arg))
	}
	return name, nil
}

// define reads the rest of a definition command and records the macro.
func (e *expander) define(cmd string) error {
	star := false
	if t, ok := e.peek(); ok && t.is(tChar, "*") {
		e.next()
		star = true
	}
	name, err := e.csName()
	if err != nil {
		return fmt.Errorf(`\%s: %w`, cmd, err)
	}
	m := &macro{}
	switch cmd {
	case "def", "gdef", "edef", "xdef":
		for {
			t, ok := e.peek()
			if !ok {
				return fmt.Errorf(`\%s\%s: missing body`, cmd, name)
			}
			if t.kind == tBegin {
				break
			}
			e.next()
			if t.kind != tParam || t.text != fmt.Sprint(m.nargs+1) {
				return fmt.Errorf(`\%s\%s: only #1 to #9 in order may come before the body`, cmd, name)
			}
			m.nargs++
		}
	case "DeclareMathOperator":
		body, err := e.group()
		if err != nil {
			return fmt.Errorf(`\%s{\%s}: %w`, cmd, name, err)
		}
		op := "operatorname"
		m.body = append([]token{{tCS, op}}, token{kind: tBegin, text: "{"})
		if star {
			m.body = []token{{tCS, op}, {tChar, "*"}, {kind: tBegin, text: "{"}}
		}
		m.body = append(append(m.body, body...), token{kind: tEnd, text: "}"})
		return e.store(cmd, name, m, false)
	default: // \newcommand, \renewcommand, \providecommand
		n, ok, err := e.optional()
		if err != nil {
			return fmt.Errorf(`\%s{\%s}: %w`, cmd, name, err)
		}
		if ok {
			s := strings.TrimSpace(untokenize(n))
			if len(s) != 1 || s[0] < '0' || s[0] > '9' {
				return fmt.Errorf(`\%s{\%s}: %q is not a number of arguments from 0 to 9`, cmd, name, s)
			}
			m.nargs = int(s[0] - '0')
			if opt, ok, err := e.optional(); err != nil {
				return fmt.Errorf(`\%s{\%s}: %w`, cmd, name, err)
			} else if ok {
				m.opt = opt
			}
		}
	}
	body, err := e.group()
	if err != nil {
		return fmt.Errorf(`\%s{\%s}: %w`, cmd, name, err)
	}
	for _, t := range body {
		if t.kind == tParam && int(t.text[0]-'0') > m.nargs {
			return fmt.Errorf(`\%s{\%s}: #%s beyond its %d arguments`, cmd, name, t.text, m.nargs)
		}
	}
	m.body = body
	return e.store(cmd, name, m, cmd == "providecommand")
}

func (e *expander) store(cmd, name string, m *macro, keep bool) error {
	if _, ok := e.defs[name]; ok && keep {
		return nil
	}
	if _, ok := e.defs[name]; !ok && len(e.defs) >= MaxDefinitions {
		return fmt.Errorf(`%w: \%s{\%s}: more than %d macros`, ErrLimit, cmd, name, MaxDefinitions)
	}
	size := len(m.body) + len(m.opt)
	for other, d := range e.defs {
		if other != name {
			size += len(d.body) + len(d.opt)
		}
	}
	if size > MaxDefinitionTokens {
		return fmt.Errorf(`%w: \%s{\%s}: macros of more than %d tokens in all`, ErrLimit, cmd, name, MaxDefinitionTokens)
	}
	e.defs[name] = m
	return nil
}

// call reads the arguments of a macro and pushes its expansion.
func (e *expander) call(name string, m *macro) error {
	e.expansions++
	if e.expansions > MaxExpansions {
		return fmt.Errorf(`%w: more than %d macro expansions (is \%s recursive?)`, ErrLimit, MaxExpansions, name)
	}
	args := make([][]token, m.nargs)
	first := 0
	if m.opt != nil && m.nargs > 0 {
		opt, ok, err := e.optional()
		if err != nil {
			return fmt.Errorf(`\%s: %w`, name, err)
		}
		if !ok {
			opt = m.opt
		}
		args[0] = opt
		first = 1
	}
	for i := first; i < m.nargs; i++ {
		a, err := e.group()
		if err != nil {
			return fmt.Errorf(`\%s: argument %d: %w`, name, i+1, err)
		}
		args[i] = a
	}
	size := 0
	for _, t := range m.body {
		if t.kind == tParam {
			size += len(args[t.text[0]-'1']) + 2
		} else {
			size++
		}
	}
	if e.pending+size > MaxTokens {
		return fmt.Errorf(`%w: \%s expands to more than %d tokens`, ErrLimit, name, MaxTokens)
	}
	out := make([]token, 0, size)
	for _, t := range m.body {
		if t.kind == tParam {
			// Braced, so that an argument stays one argument in the body.
			out = append(out, token{kind: tBegin, text: "{"})
			out = append(out, args[t.text[0]-'1']...)
			out = append(out, token{kind: tEnd, text: "}"})
		} else {
			out = append(out, t)
		}
	}
	return e.push(out)
}

// definers are the commands that define macros.
var definers = map[string]bool{
	"newcommand": true, "renewcommand": true, "providecommand": true,
	"def": true, "gdef": true, "edef": true, "xdef": true, "DeclareMathOperator": true,
}

// expand returns toks with the definitions in them recorded in defs and
// removed, and every macro of defs expanded.
func expand(toks []token, defs map[string]*macro) ([]token, error) {
	e := &expander{defs: defs}
	if err := e.push(toks); err != nil {
		return nil, err
	}
	out := make([]token, 0, len(toks))
	for {
		t, ok := e.next()
		if !ok {
			return out, nil
		}
		if t.kind == tCS {
			if definers[t.text] {
				if err := e.define(t.text); err != nil {
					return nil, err
				}
				continue
			}
			if t.text == "let" {
				if err := e.let(); err != nil {
					return nil, err
				}
				continue
			}
			if m, ok := defs[t.text]; ok {
				if err := e.call(t.text, m); err != nil {
					return nil, err
				}
				continue
			}
		}
		if len(out) >= MaxTokens {
			return nil, fmt.Errorf("%w: more than %d tokens", ErrLimit, MaxTokens)
		}
		out = append(out, t)
	}
}

// let reads \let\a\b or \let\a=\b, making \a a macro for \b as it is now.
func (e *expander) let() error {
	e.skipSpace()
	a, ok := e.next()
	if !ok || a.kind != tCS {
		return errors.New(`\let: missing the macro name`)
	}
	e.skipSpace()
	if t, ok := e.peek(); ok && t.is(tChar, "=") {
		e.next()
		e.skipSpace()
	}
	b, ok := e.next()
	if !ok {
		return fmt.Errorf(`\let\%s: missing the value`, a.text)
	}
	m := &macro{body: []token{b}}
	if b.kind == tCS {
		if old, ok := e.defs[b.text]; ok {
			m = old
		}
	}
	return e.store("let", a.text, m, false)
}
