// Package siteconf reads a site's settings from the folder of its
// notebooks: the part of a Quarto project's _quarto.yml, or of a MyST
// project's myst.yml, that applies to a site of writeups, or render's own
// _render.yml when neither tool is used.
//
//	s, warnings, err := siteconf.Load("notebooks")
//	css, err := s.ReadStylesheets() // the stylesheets, joined
//
// What is read:
//
//   - _render.yml: title, author (or authors), site-url, description,
//     order (date, name, or a list of notebook files) and css (a
//     stylesheet file or a list of them).
//   - _quarto.yml: website.title (else title), author, website.site-url,
//     website.description, the files of website.sidebar's contents (else
//     of website.navbar's left and right items), in order, and
//     format.html.css; in a book (project.type: book), book.title,
//     book.author, book.site-url and book.description, and the files of
//     book.chapters (their parts' included), book.references and
//     book.appendices, in order but the index file first, as Quarto
//     orders them: the pages' order, and Settings.Book, which says
//     which are appendices, for the book's numbering.
//   - myst.yml: site.title (else project.title), project.authors (or
//     author), project.description, the files of project.toc, depth first,
//     and site.options.style. MyST has no key for the site's address (it
//     takes a BASE_URL path from the environment): give -site-url.
//
// Bibliography gives the bibliography a project names for all its
// documents, for a notebook whose front matter names none: _quarto.yml's
// bibliography, myst.yml's project.bibliography or Jupyter Book's
// _config.yml bibtex_bibfiles, in the notebook's folder or the nearest
// ancestor, up to the site's root, that names one; a myst.yml that names
// none takes every .bib file in its folder and below (ProjectBibFiles),
// as mystmd does:
//
//	files, warnings := siteconf.Bibliography(root, "chapter1")
//
// When more than one of these is in the folder, the first of _render.yml,
// _quarto.yml, myst.yml is read and the others are named in a warning.
// A key render does not read is named in a warning, not passed over in
// silence.
//
// The settings file is untrusted input like the notebooks: it is read
// through safeyaml (at most MaxSize bytes, else an error wrapping
// ErrTooLarge; aliases bounded), its texts are
// kept as plain text, one line each, cut at a bound, and escaped wherever
// they are written; a site URL must be an absolute http or https URL with
// no user, query or fragment (another is an error wrapping ErrInvalid); a
// page or stylesheet path must be a relative path inside the folder, and
// the stylesheets are read through an os.Root of the folder, so that
// neither ".." nor a symbolic link leads out of it, at most
// MaxStylesheets bytes in all. A path that is refused is named in a
// warning and left out.
package siteconf
