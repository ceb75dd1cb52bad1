// Package atom writes a site's Atom feed (RFC 4287), so that a feed
// reader follows the writeups as they are published.
//
//	data, err := atom.Write(atom.Feed{
//		Title: "Writeups", URL: "https://example.org/games/", Updated: newest,
//		Entries: []atom.Entry{{Title: "Nim", URL: "https://example.org/games/nim.html", Updated: date}},
//	})
//
// Every text is written escaped by encoding/xml, with characters XML does
// not allow replaced by U+FFFD, so a title or summary can add no element.
// Entries keep the order given (newest first, as readers expect). An
// entry without authors is the feed's; a feed without any names its title
// as its author, since RFC 4287 asks for one.
package atom
