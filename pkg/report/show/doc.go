// Package show draws the results of package games for a reader of a GoNB
// notebook, and lets the reader play a game against the perfect player.
//
// Each display is one call, and comes in two forms in one display_data
// output: HTML (a figure with its caption: tables, inline SVG) for the
// notebook and the published page, and plain text (text/plain) for posts,
// terminals and kernels without HTML:
//
//	g := check.Must(heap.Octal(heap.Kayles, 100))
//	proof := check.Must(heap.OctalPeriod(heap.Kayles, 1000))
//	check.Must(show.Sequence(g, show.SequenceOptions{Caption: "Kayles", Proof: &proof})).Show()
//
// Sequence draws a value sequence with its P-positions marked and a proven
// period's preperiod and periods tinted; Proof states a period proof and its
// closed form; Quotient a misère quotient (misere.Solve) as Plambeck's and
// Siegel's tables give one, its presentation, elements with the P-portion
// marked, multiplication table and pretending function, and whether it is
// proven complete; NimTable the nim products below n; PPositions the
// P-positions of a two-pile game as a picture; Coins a coin-turning row
// and CoinBoard a board of a product game, with the values of their coins;
// Options any position of a play.Game with the values of its options and
// the winning moves marked:
//
//	q := check.Must(misere.Solve(heap.Kayles, 400))
//	check.Must(show.Quotient(q, show.QuotientOptions{Caption: "Kayles"})).Show()
//
// The HTML is what the page's sanitiser (package sanitize) keeps unchanged:
// no script, no class the page would have to style, inline styles of the
// presentational properties it allows, colours translucent so that they
// read on light and dark backgrounds. Every text of the caller (names,
// positions) is escaped. Each display is bounded: a table shows at most
// MaxCells values, a picture at most MaxPositions positions, a quotient
// its multiplication table up to MaxQuotientTable elements and at most
// MaxElements normal forms.
//
// Play and Slider are interactive: Play draws a position of a play.Game
// with one button per move, plays the perfect player's reply to the
// reader's click, and goes on to the end of the game; Slider redraws a
// display for each size the reader picks. Both use GoNB's widgets, which
// need the program of the cell to wait for clicks: they return when the
// game ends or the reader presses Stop, after an idle time without a click
// (DefaultIdle unless the call says), after 30 seconds when no front end
// answers their first widget (jupyter nbconvert --execute runs no script),
// at once outside a notebook, and at once under render's runner (package
// jupyter/kernel marks its kernels with GRUNDY_KERNEL_RUN), which has
// nobody to click. What stays in the saved notebook, and so on the
// page, is the static drawing of the last position, with no script.
// Play takes heaps (play.Heaps), coin rows (play.Row), coin boards
// (play.Board, a button per rectangle it may turn) and any other position.
//
// # The published page is static
//
// A page written by render shows every display, and a game at its last
// position, as HTML without script, and cannot be played. Render puts no
// script of its own on a page and removes the script of every notebook it
// does not trust (package sanitize); a playable board would need a script
// of render's own, fed the game's positions and moves as data from the
// notebook, which is hostile input, and kept apart from the notebook's own
// markup. That is not built, so the page stays static.
package show
