// Package referee holds plain move functions that the tests of the games
// packages play with the generic solver, as the reference every fast path
// is checked against. They are written once so that each package's tests
// play the same game; they list moves by the rules alone and know nothing
// of Grundy values.
package referee

// Take returns the move function of the subtraction game with the given
// amounts: from a heap of h tokens a move takes any one of the amounts that
// is at most h. The options come in the order of amounts.
func Take(amounts ...int) func(h int) []int {
	return func(h int) []int {
		var o []int
		for _, m := range amounts {
			if m <= h {
				o = append(o, h-m)
			}
		}
		return o
	}
}
