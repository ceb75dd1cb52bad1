// Package codefence picks the backtick fences that Markdown writers put
// around text which may hold backticks itself: a code block's fence, or
// a code span's delimiter, longer than any run of backticks inside, so
// that no text can end the block or span early.
//
//	md := codefence.Block(src) + "text\n" + src + "\n" + codefence.Block(src)
//
// It imports nothing but the standard library's strings, so the post
// writers (package markdown, authoring's post forms) can share it.
package codefence

import "strings"

// Block returns the fence of a fenced code block holding text: at least
// three backticks, and one more than its longest run of them.
func Block(text string) string {
	return strings.Repeat("`", max(3, longestRun(text, '`')+1))
}

// Span returns the delimiter of a code span holding text: one backtick
// more than its longest run of them.
func Span(text string) string {
	return strings.Repeat("`", longestRun(text, '`')+1)
}

// longestRun returns the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := range len(s) {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
