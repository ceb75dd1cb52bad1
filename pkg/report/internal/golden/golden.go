// Package golden reads and writes numbered golden test cases in the plain
// text layout of goldmark's _test/*.txt files:
//
//	1: a description
//	//- - - - - - - - -//
//	input
//	//- - - - - - - - -//
//	expected output
//	//= = = = = = = = = = = = = = = = = = = = = = = =//
//
// A failure can then name its case number, and one case can be rerun;
// go test -update rewrites the expected outputs instead of comparing.
package golden

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// update is the flag of every test binary that runs golden cases.
var update = flag.Bool("update", false, "rewrite the expected outputs of the golden cases")

const (
	sep = "//- - - - - - - - -//"
	end = "//= = = = = = = = = = = = = = = = = = = = = = = =//"
)

// A Case is one golden case.
type Case struct {
	No          int
	Description string
	Input       string
	Output      string
}

// Read reads the cases of a file.
func Read(path string) ([]Case, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cases []Case
	for i, block := range strings.Split(string(data), end+"\n") {
		if strings.TrimSpace(block) == "" {
			continue
		}
		parts := strings.Split(block, sep+"\n")
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s: case %d: want a header and two %q separators", path, i+1, sep)
		}
		head := strings.TrimSuffix(parts[0], "\n")
		num, desc, _ := strings.Cut(head, ":")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil {
			return nil, fmt.Errorf("%s: case %d: header %q is not \"N: description\"", path, i+1, head)
		}
		cases = append(cases, Case{No: n, Description: strings.TrimSpace(desc), Input: parts[1], Output: parts[2]})
	}
	return cases, nil
}

// Write writes cases to a file in the same layout.
func Write(path string, cases []Case) error {
	var b strings.Builder
	for _, c := range cases {
		fmt.Fprintf(&b, "%d: %s\n%s\n%s%s\n%s%s\n", c.No, c.Description, sep, ensureNewline(c.Input), sep, ensureNewline(c.Output), end)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func ensureNewline(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// Run runs the cases of file as subtests named by their numbers: convert
// gives a case's output from its input. With -update it rewrites the file
// with the outputs convert gives instead of comparing.
func Run(t *testing.T, file string, convert func(t *testing.T, input string) string) {
	t.Helper()
	cases, err := Read(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(c.No), func(t *testing.T) {
			got := convert(t, c.Input)
			if *update {
				cases[i].Output = got
				return
			}
			if got != c.Output {
				t.Errorf("case %d (%s) differs; go test -run %s/%d -update rewrites it\n--- got\n%s--- want\n%s",
					c.No, c.Description, t.Name()[:strings.LastIndex(t.Name(), "/")], c.No, got, c.Output)
			}
		})
	}
	if *update {
		if err := Write(file, cases); err != nil {
			t.Fatal(err)
		}
	}
}
