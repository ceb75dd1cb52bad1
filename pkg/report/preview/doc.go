// Package preview serves a site's folder over HTTP while its notebooks
// are written, as render -serve does: it renders them, then watches them,
// renders again the ones saved, and has the open pages reload themselves.
//
//	srv := &preview.Server{Dir: "site", Notebooks: list, Build: build}
//	ln, err := net.Listen("tcp", "localhost:8080")
//	err = srv.Run(ctx, ln) // until ctx ends
//
// Watching polls the notebooks' sizes and modification times every
// Interval (500 ms by default), and builds once a change has held still
// for one poll, so that a file caught half written is not rendered. A
// saved notebook is built alone (Build gets its path); a notebook added
// or removed builds them all.
//
// The browser learns of each build through Server-Sent Events from
// EventsPath: every HTML page the server sends carries a small script
// that listens there and reloads the page when a build newer than the
// page has ended. The script is added to what is served only; the files
// in Dir are never changed. A build that fails keeps the pages of the
// last good one, and shows its error, escaped, in a banner at the top of
// every page served until a build succeeds.
//
// What is served: the files under Dir, through os.Root so that no link
// leads out of it; none whose name starts with a dot (a build's
// temporary files and lock); GET and HEAD only; nothing cached by the
// browser. On a loopback address only requests naming a loopback host
// are answered, so that a web page elsewhere cannot read the site by
// pointing a name of its own at this machine (DNS rebinding).
package preview
