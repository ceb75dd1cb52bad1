package report

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// found is a glueRef as a test states it: the source it covers and what
// was read from it.
type found struct {
	written, name, arg string
	directive, nested  bool
	options            map[string]string
	body               string
}

func foundOf(src string, refs []glueRef) []found {
	var out []found
	for _, r := range refs {
		out = append(out, found{src[r.Start:r.End], r.Name, r.Arg, r.Directive, r.Nested, r.Options, r.Body})
	}
	return out
}

func equalFound(a, b []found) bool {
	return slices.EqualFunc(a, b, func(x, y found) bool {
		return x.written == y.written && x.name == y.name && x.arg == y.arg && x.directive == y.directive && x.nested == y.nested &&
			x.body == y.body && maps.Equal(x.options, y.options) && (x.options == nil) == (y.options == nil)
	})
}

func TestFindGlue(t *testing.T) {
	role := func(written, name, arg string) found { return found{written: written, name: name, arg: arg} }
	dir := func(written, name, arg string, options map[string]string, body string) found {
		return found{written, name, arg, true, false, options, body}
	}
	none := map[string]string{}
	tests := []struct {
		src  string
		want []found
	}{
		{"no glue here", nil},
		{"We win {glue}`n` times.", []found{role("{glue}`n`", "glue", "n")}},
		{"{glue:text}`pi:.2f` and {glue:any}`x` and {glue:}`y`", []found{
			role("{glue:text}`pi:.2f`", "glue:text", "pi:.2f"), role("{glue:any}`x`", "glue:any", "x"), role("{glue:}`y`", "glue", "y")}},
		{"{glue:md}`m` {glue:math}`e`", []found{role("{glue:md}`m`", "glue:md", "m"), role("{glue:math}`e`", "glue:math", "e")}},
		{"double ticks {glue}``a`b`` ok", []found{role("{glue}``a`b``", "glue", "a`b")}},
		{"spaces {glue}` n ` trimmed", []found{role("{glue}` n `", "glue", "n")}},
		{"*{glue}`n`* in emphasis, [{glue}`m`](#x) in a link", []found{role("{glue}`n`", "glue", "n"), role("{glue}`m`", "glue", "m")}},
		{"| a | {glue}`n` |\n|---|---|\n| {glue}`m` | b |", []found{role("{glue}`n`", "glue", "n"), role("{glue}`m`", "glue", "m")}},
		{"> quoted {glue}`q`\n\n- item {glue}`i`", []found{role("{glue}`q`", "glue", "q"), role("{glue}`i`", "glue", "i")}},
		// Not roles: in code, in math, escaped, an unknown name, a space.
		{"``{glue}`n` `` and `{glue}` `n`", nil},
		{"```\n{glue}`n`\n```", nil},
		{"    {glue}`n` indented code", nil},
		{"$\\text{{glue}`n`}$ and $$x {glue}`m`$$", nil},
		{`\{glue}` + "`n`", nil},
		{`\\{glue}` + "`n`", []found{role("{glue}`n`", "glue", "n")}},
		{"{glu}`n` {glue:figure}`f` {glue} `n` {glue:other}`o`", nil},
		{"<span title=\"{glue}`n`\">x</span>", nil},
		{"an unclosed {glue}`n", nil},
		// Directives at the top level, with options and a body.
		{"```{glue} table\n```", []found{dir("```{glue} table\n```", "glue", "table", none, "")}},
		{"Text\n\n```{glue:figure} fig\n:alt: Two pixels\n:name: fig-red\n\nA *caption* with {glue}`n`.\n```\n\nAfter {glue}`m`.",
			[]found{dir("```{glue:figure} fig\n:alt: Two pixels\n:name: fig-red\n\nA *caption* with {glue}`n`.\n```\n", "glue:figure", "fig",
				map[string]string{"alt": "Two pixels", "name": "fig-red"}, "A *caption* with {glue}`n`."), role("{glue}`m`", "glue", "m")}},
		{"~~~~{glue:math} eq\n---\nlabel: eq-1\n---\n~~~~", []found{dir("~~~~{glue:math} eq\n---\nlabel: eq-1\n---\n~~~~", "glue:math", "eq", map[string]string{"label": "eq-1"}, "")}},
		{":::{glue:md} m\n:::\nafter", []found{dir(":::{glue:md} m\n:::\n", "glue:md", "m", none, "")}},
		{"::::{glue:figure} f\nA caption\n\nand more {glue}`x`\n::::", []found{dir("::::{glue:figure} f\nA caption\n\nand more {glue}`x`\n::::", "glue:figure", "f", none, "A caption\n\nand more {glue}`x`")}},
		{"```{glue} open\nno closing fence", []found{dir("```{glue} open\nno closing fence", "glue", "open", none, "no closing fence")}},
		{"```{glue:}\n```", []found{dir("```{glue:}\n```", "glue", "", none, "")}},
		// Nested in a list or quote: found, to be warned about, not read.
		{"- ```{glue} x\n  ```", []found{{written: "`", name: "glue", arg: "x", directive: true, nested: true}}},
		{"> ```{glue:} y\n> ```", []found{{written: "`", name: "glue", arg: "y", directive: true, nested: true}}},
		// Not directives: other names.
		{"```{code-cell} python\n{glue}`n`\n```", nil},
		{"```python\n```{glue} x\n```", nil},
	}
	for _, tt := range tests {
		got := foundOf(tt.src, findGlue([]byte(tt.src)))
		if !equalFound(got, tt.want) {
			t.Errorf("findGlue(%q)\n got %+v\nwant %+v", tt.src, got, tt.want)
		}
	}
}

// FuzzFindGlue checks that on any Markdown the finder neither panics nor
// returns refs out of order, overlapping or out of bounds, and that each
// role starts with its name in braces and ends with a backtick.
func FuzzFindGlue(f *testing.F) {
	for _, s := range []string{"We win {glue}`n` times.", "```{glue:figure} f\n:alt: a\n\ncap\n```", ":::{glue} x\n:::",
		"$x {glue}`n`$ {glue:text}`a:,`", "| {glue}`a` |\n|-|\n", "> {glue}``b``\n- {glue:md}`c`", "\\{glue}`n`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		refs := findGlue([]byte(src))
		end := 0
		for _, r := range refs {
			if r.Start < end || r.End <= r.Start || r.End > len(src) {
				t.Fatalf("findGlue(%q): ref %+v out of order or bounds (previous end %d)", src, r, end)
			}
			end = r.End
			if !slices.Contains(glueRoles, r.Name) || r.Name == "glue:" {
				t.Fatalf("findGlue(%q): name %q", src, r.Name)
			}
			if !r.Directive && (!strings.HasPrefix(src[r.Start:], "{"+r.Name) || src[r.End-1] != '`') {
				t.Fatalf("findGlue(%q): role %q", src, src[r.Start:r.End])
			}
		}
	})
}

func TestDirectiveBody(t *testing.T) {
	tests := []struct {
		body    string
		options map[string]string
		rest    string
	}{
		{"", map[string]string{}, ""},
		{":alt: An image: red\n:name: fig-1\n\nCaption", map[string]string{"alt": "An image: red", "name": "fig-1"}, "Caption"},
		{":label:\n", map[string]string{"label": ""}, ""},
		{":name: \"fig-boot\"\n:alt: 'it''s'\n:width: \"300px\n", map[string]string{"name": "fig-boot", "alt": "it's", "width": `"300px`}, ""},
		{"---\nalt: \"quoted\"\nname: x\n---\nCaption\n", map[string]string{"alt": "quoted", "name": "x"}, "Caption"},
		{"Caption :not: an option", map[string]string{}, "Caption :not: an option"},
		{":two words: no\nCaption", map[string]string{}, ":two words: no\nCaption"},
	}
	for _, tt := range tests {
		options, rest := directiveBody(tt.body)
		if !maps.Equal(options, tt.options) || rest != tt.rest {
			t.Errorf("directiveBody(%q) = %v, %q; want %v, %q", tt.body, options, rest, tt.options, tt.rest)
		}
	}
}
