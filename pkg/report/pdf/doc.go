// Package pdf prints HTML pages to PDF with headless Chromium (or
// Chrome), driven through the DevTools protocol by chromedp.
//
//	exe, err := pdf.FindBrowser()   // CHROME_PATH, else chromium, google-chrome... on PATH
//	p, err := pdf.Start(ctx, exe)
//	defer p.Close()
//	data, err := p.Print(ctx, "/abs/site/pe310.html")
//
// A page is printed as its print stylesheet (@media print) lays it out,
// on A4 paper unless Printer.Paper says otherwise, with its backgrounds,
// the document's title at the top of each sheet and "page / pages" at
// its foot, and an outline of its headings that PDF viewers show. The
// page is opened from its file, so that the links it makes relative to
// itself (a site's math font) resolve; it is printed once its fonts have
// loaded, with every folded part (a <details> element) open, as paper
// cannot be clicked.
//
// A page loads what lies in its own folder, and the web, and nothing
// else: every request of its tab passes through the DevTools protocol's
// Fetch domain, and a file outside the folder (by "../", an absolute
// file: URL, or a symbolic link) is refused, whatever the page's HTML
// says, also when it is trusted. The PDF is made without it, and Print
// returns it with a *LeftOutError naming what was left out. A print is
// bounded: a page over MaxPageSize is not printed, and one that takes
// longer than PrintTimeout or while the browser holds more than
// MaxMemory (on Linux) is stopped, its tab closed; these errors wrap
// ErrLimit, and the browser goes on to the next page.
//
// One browser serves every Print of a Printer, each page in a tab of its
// own. Close ends it as a browser is closed, so that it removes its
// temporary files, and removes its profile; the end of the context given
// to Start kills it. The browser runs without its sandbox
// only when this process runs as root, where Chromium refuses to start
// with it.
package pdf
