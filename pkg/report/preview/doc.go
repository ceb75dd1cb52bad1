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
// What is served: only the files render wrote, as the manifest in Dir
// lists them (package manifest; read again when it changes), through
// os.Root so that no link leads out of Dir: no file of anyone else's put
// in the folder (a secret.txt, a user's page), no hidden file (a build's
// temporary files, the manifest); GET and HEAD only; nothing cached by the
// browser. Files are streamed from disk, pages too: the reload script is
// spliced in as the page is read (a range request gets its part of the
// whole), so that serving a page takes a buffer, not the page. At most
// MaxRequests files and MaxStreams event streams are served at once; a
// request beyond them gets 503 Service Unavailable at once.
//
// Hosts: every request must name, in its Host header, localhost or a
// loopback address, a name of Hosts, or what Run finds the listener
// reachable by: its address, or on a wildcard address (0.0.0.0, ::) this
// machine's host name and the addresses of its interfaces. So a web page
// elsewhere cannot read the site by pointing a name of its own at this
// machine (DNS rebinding), whatever the address served.
package preview
