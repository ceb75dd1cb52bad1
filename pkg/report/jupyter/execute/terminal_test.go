package execute

import (
	"context"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/grundylab/grundy/pkg/report/terminal"
)

// hostile are texts that would change a terminal's state if printed raw.
var hostile = []string{
	"\x1b]52;c;cm0gLXJmIH4K\x07",   // OSC 52: set the clipboard
	"\x1b]52;c;cm0gLXJmIH4K\x1b\\", // the same ended by ST
	"\x1b]52;c;unterminated",       // an OSC never ended
	"\x1b]0;pwned\x07",             // OSC 0: the window title
	"\x1b[2J\x1b[H",                // CSI: clear the screen
	"\x1b[31mred\x1b[0m",           // CSI: colour
	"\x1bP+q\x1b\\",                // DCS
	"\x9b31m",                      // C1 CSI as a rune
	"\u009d0;title\u009c",          // C1 OSC and ST as runes
	"\xc2\x9b2J",                   // C1 CSI encoded in UTF-8
	"\x9b2J\xff",                   // bytes that are not UTF-8
	"a\rb\bc\x00d\x7fe",            // carriage return, backspace, NUL, DEL
	"x\u202eevil\u202c",            // right-to-left override
}

// safe reports whether s is UTF-8 with nothing but printable text,
// newlines and tabs: no escape, no C0 or C1 control, no bidirectional
// override.
func safe(s string) bool {
	for _, r := range s {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || (r >= '\u202a' && r <= '\u202e')) {
			return false
		}
	}
	return utf8.ValidString(s)
}

func TestTerminalText(t *testing.T) {
	for _, s := range hostile {
		// A carriage return goes back over "before ", and an OSC string
		// never ended takes the rest of its line, as on a terminal.
		around := !strings.Contains(s, "\r") && !strings.HasSuffix(s, "unterminated")
		got := terminal.Safe("before " + s + " after\n")
		if !safe(got) || around && (!strings.HasPrefix(got, "before ") || !strings.HasSuffix(got, " after\n")) {
			t.Errorf("terminal.Safe(%q) = %q", s, got)
		}
		if got := terminal.SafeLine("a\n" + s + "\tb"); !safe(got) || strings.ContainsAny(got, "\n\t") {
			t.Errorf("terminal.SafeLine(%q) = %q", s, got)
		}
	}
	for _, s := range []string{"", "plain text", "multi\nline\ttabbed", "ünïcödé ∑ 漢字", "[1/3] nb.ipynb"} {
		if got := terminal.Safe(s); got != s {
			t.Errorf("terminal.Safe(%q) = %q, want it unchanged", s, got)
		}
	}
	if got := terminal.Safe("\x1b[1mbold\x1b[0m"); got != "bold" {
		t.Errorf("colour sequence: %q", got)
	}
}

func FuzzTerminalText(f *testing.F) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := terminal.Safe(s); !safe(got) {
			t.Fatalf("terminal.Safe(%q) = %q", s, got)
		}
		if got := terminal.SafeLine(s); !safe(got) || strings.ContainsAny(got, "\n\t") {
			t.Fatalf("terminal.SafeLine(%q) = %q", s, got)
		}
	})
}

// TestProgressHostileText runs cells whose first lines and errors carry
// escape sequences, in a notebook whose name does too: what the progress
// printers and the error write is safe for a terminal.
func TestProgressHostileText(t *testing.T) {
	for _, s := range hostile {
		x := fakeExecutor(t, nil)
		var log, status strings.Builder
		printer, line := NewPrinter(&log, false), NewPrinter(&status, true)
		line.Notebook(0, 1, "a/b"+s)
		x.Progress = func(p Progress) { printer.Progress(p); line.Progress(p) }
		path := strings.Replace(notebookPath(t), "nb.ipynb", "nb"+s+".ipynb", 1)
		nb := newNotebook(code("print "+s), code("fail Bad "+s))
		_, err := x.Execute(context.Background(), path, nb)
		if err == nil {
			t.Fatalf("%q: the failing cell did not fail", s)
		}
		if !safe(log.String()) || !strings.Contains(log.String(), "cell 2/2") {
			t.Errorf("%q: Printer wrote %q", s, log.String())
		}
		// The status line's own \r and erase-line sequence are the only
		// control text the terminal printer may write.
		if st := strings.ReplaceAll(strings.ReplaceAll(status.String(), "\r\x1b[K", ""), "\n", ""); !safe(st) {
			t.Errorf("%q: the terminal printer wrote %q", s, status.String())
		}
		if !safe(err.Error()) {
			t.Errorf("%q: the error is %q", s, err.Error())
		}
	}
}
