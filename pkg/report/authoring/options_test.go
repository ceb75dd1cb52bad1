package authoring

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

func TestDirectiveOptions(t *testing.T) {
	for _, tt := range []struct {
		body     string
		options  map[string]string
		rest     string
		problems string
	}{
		{"", nil, "", ""},
		{":name: fig-a\n:alt: \"A: b\"\nCaption\n", map[string]string{"name": "fig-a", "alt": "A: b"}, "Caption\n", ""},
		{"---\nname: x\nwidth: 300\nflag: true\nempty:\n---\nBody", map[string]string{"name": "x", "width": "300", "flag": "true", "empty": ""}, "Body", ""},
		{"---\nname: [a, b]\n---\n", map[string]string{}, "", `hold option "name", which is not a single value`},
		{"---\nname: x\n", map[string]string{"name": "x"}, "", "are not closed by ---"},
		{"---\n: : :\n---\n", map[string]string{}, "", "are not YAML"},
		{"Caption :not: an option", nil, "Caption :not: an option", ""},
		{":two words: no\n", nil, ":two words: no\n", ""},
		{":a: 1\n---\nx\n---\n", map[string]string{"a": "1"}, "---\nx\n---\n", ""},
	} {
		options, rest, problems := DirectiveOptions(tt.body)
		if !maps.Equal(options, tt.options) || (options == nil) != (tt.options == nil) || rest != tt.rest {
			t.Errorf("DirectiveOptions(%q) = %v, %q; want %v, %q", tt.body, options, rest, tt.options, tt.rest)
		}
		if all := strings.Join(problems, "; "); tt.problems == "" && all != "" || !strings.Contains(all, tt.problems) {
			t.Errorf("DirectiveOptions(%q) problems %q, want %q", tt.body, all, tt.problems)
		}
	}
}

func ExampleDirectiveOptions() {
	options, rest, _ := DirectiveOptions(":name: fig-a\n:width: 300px\nThe caption.\n")
	fmt.Println(options["name"], options["width"])
	fmt.Print(rest)
	// Output:
	// fig-a 300px
	// The caption.
}

func FuzzDirectiveOptions(f *testing.F) {
	for _, s := range []string{"", ":name: a\nx", "---\na: 1\n---\nb", "---\n", ":a: 'b''c'\n", "---\n- [\n---\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		options, rest, _ := DirectiveOptions(body)
		if !strings.HasSuffix(body, rest) {
			t.Fatalf("rest %q is not the end of %q", rest, body)
		}
		n := 0
		for k, v := range options {
			n += len(k) + len(v)
		}
		if n > 2*len(body)+16 {
			t.Fatalf("options of %d bytes from %d", n, len(body))
		}
	})
}
