// Package report holds what the writers of a notebook writeup share: the
// post's metadata (title, date, tags, summary) and the outputs of a code
// cell as a reader should see them.
//
//	nb, err := notebook.ReadFile("notebooks/pe310.ipynb")
//	meta, err := report.MetaOf(nb, "pe310", modTime)
//	for _, out := range report.Outputs(cell) { ... }
//
// The sub-packages do one job each: notebook reads and writes .ipynb files;
// markdown writes a Markdown post with front matter; htmlpage writes a
// self-contained HTML page and the site index; mathml renders TeX as MathML;
// sanitize cleans untrusted HTML; plot draws the figures; site renders
// notebooks into a folder, which cmd/render drives.
package report
