// Package check holds the two helpers every notebook of a writeup uses: a
// claim that is printed when it holds and stops the notebook when it does
// not, and the unwrapping of a (value, error) pair.
//
//	g := check.Must(heap.Subtraction(heap.Squares(), 5000))
//	check.That(g[29] == 5, "g(29) = %d", g[29])
//
// A failed claim or a non-nil error panics: in a GoNB cell that ends the
// cell with the message, which is what a notebook should do when a fact it
// relies on turns out false. Outside notebooks, return errors instead.
package check
