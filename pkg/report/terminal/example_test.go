package terminal_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/terminal"
)

// Text turns what a kernel wrote to a terminal into the text a reader
// sees and the spans of it that escapes coloured.
func ExampleText() {
	plain, spans := terminal.Text("10%\r100% \x1b[32mdone\x1b[0m\n")
	fmt.Printf("%q\n", plain)
	for _, s := range spans {
		fmt.Printf("%q %v\n", s.Text, s.FG)
	}
	// Output:
	// "100% done\n"
	// "100% " -1
	// "done" 2
	// "\n" -1
}

// Safe keeps a notebook's text from setting the clipboard (OSC 52)
// or the window title of the terminal it is shown on.
func ExampleSafe() {
	fmt.Printf("%q\n", terminal.Safe("cell 3 \x1b]52;c;cm0gLXJmIH4K\x07(\x1b[31mred\x1b[0m)\x1b]0;pwned\x07"))
	// Output:
	// "cell 3 (red)"
}
