// Package site renders notebooks into a folder of writeups: for each
// NAME.ipynb a Markdown post NAME.md with its images in NAME_files/, a
// self-contained page NAME.html, and one index.html listing them all.
//
//	s := &site.Site{Dir: "site"}
//	err := s.Build(ctx, []string{"notebooks"})
//
// Writes are atomic per notebook: its files are written into a temporary
// folder inside Dir and renamed into place only when all of them are
// ready, so a notebook that fails leaves its earlier files as they were
// and nothing half-written. Errors name the notebook and, where there is
// one, the cell.
//
// An Executor, when set, runs each notebook before it is rendered; without
// one the outputs stored in the notebook are rendered.
//
// Math font: pages ask for Latin Modern Math, which the site ships once as
// assets/latinmodern-math.otf (with its GUST font licence), copied from
// MathFont — by default the file of Debian's fonts-lmodern package. If that
// file is missing the site is still built: the pages then name no font file
// and fall back to the math fonts installed on the reader's machine, and
// Build reports a warning through Warn. Install fonts-lmodern, or set
// MathFont, to ship the font.
package site
