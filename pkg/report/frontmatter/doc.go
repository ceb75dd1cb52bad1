// Package frontmatter reads the YAML front matter that Quarto and MyST
// let a notebook carry in its first cell: a raw or Markdown cell of
// "---" lines around a mapping that names a field those tools know
// (title, date, author, tags, ...).
//
//	if i, fields, err := frontmatter.Find(nb); i >= 0 {
//		title := fields["title"] // {"title": ..., "date": ...}
//	}
//
// The reader's view takes a notebook's metadata from these fields too,
// and does not show the cell. A Markdown cell between two rules that
// happens to read as YAML, but names no such field, is not front matter.
// YAML that is too large, or whose aliases would multiply it (package
// safeyaml), is refused with an error, and the cell is then not front
// matter either.
package frontmatter
