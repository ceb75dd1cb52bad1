package report

import (
	"slices"

	"github.com/grundylab/grundy/pkg/report/plaintext"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// markdownRanges parses Markdown src as the writers do and returns the
// byte ranges of src that visit adds, walking the nodes in order, sorted
// and with adjacent ones joined: where its code or its prose lies. visit
// sees each node once and says whether to walk below it.
func markdownRanges(src string, visit func(n ast.Node, add func(start, stop int)) ast.WalkStatus) [][2]int {
	source := []byte(src)
	doc := plaintext.MarkdownParser().Parse(text.NewReader(source))
	var ranges [][2]int
	add := func(start, stop int) {
		if k := len(ranges); k > 0 && ranges[k-1][1] == start {
			ranges[k-1][1] = stop
		} else {
			ranges = append(ranges, [2]int{start, stop})
		}
	}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		return visit(n, add), nil
	})
	slices.SortFunc(ranges, func(a, b [2]int) int { return a[0] - b[0] })
	return ranges
}

// inRanges reports whether i is in one of the sorted ranges.
func inRanges(ranges [][2]int, i int) bool {
	return rangeAt(ranges, i) >= 0
}

// rangeAt returns the index of the one of the sorted, disjoint ranges
// that holds i, or -1.
func rangeAt(ranges [][2]int, i int) int {
	k, _ := slices.BinarySearchFunc(ranges, i, func(r [2]int, i int) int {
		switch {
		case r[1] <= i:
			return -1
		case r[0] > i:
			return 1
		}
		return 0
	})
	if k < len(ranges) && ranges[k][0] <= i && i < ranges[k][1] {
		return k
	}
	return -1
}

// inside reports whether [start, end) lies within one of the sorted,
// disjoint ranges.
func inside(ranges [][2]int, start, end int) bool {
	k := rangeAt(ranges, start)
	return k >= 0 && end <= ranges[k][1]
}
