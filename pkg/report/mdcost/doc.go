// Package mdcost measures what Markdown costs a parser before one reads
// it.
//
// Markdown that is cheap to write can be costly to parse: CommonMark
// parsers, goldmark among them (and so Hugo, which publishes our posts),
// take time that grows with the square of some counts or faster. Goldmark
// v1.8.5 was measured to be superlinear on
//
//   - emphasis delimiters that find no partner: each closer looks back
//     over every opener of its paragraph ("*a_ " repeated);
//   - link destinations and HTML comments, declarations and processing
//     instructions left open: each "](", "<!" or "<?" scans to the end of
//     its paragraph ("[a](b" repeated);
//   - brackets nested in brackets, each "]" weighed against every "["
//     still open;
//   - block quotes and lists nested deep: each level of a line measures
//     the line again from its start (200 000 ">" ran for minutes);
//   - footnotes: each reference looks through every definition of the
//     document, and does so slowly (20 000 took 15 s);
//
// and slow, if linear, on list items: "- " makes two nodes and takes a
// thousand times as long to parse as a letter of text.
//
// Goldmark has no option that bounds these, and every Markdown parser on
// a blog would meet the same text again, so the reader's view measures
// Markdown in one pass before any parser sees it and shows what is too
// costly as the text it is, with a note that says why:
//
//	m := mdcost.Of(src)
//	if why := m.TooCostly(left); why != "" {
//		// show src as text, saying why
//	}
//	left -= m.Cost
//
// Of reads the text once, without parsing it, in time linear in its
// length; the counts saturate instead of overflowing.
package mdcost
