// Package markdown writes a notebook's view (report.View) as a Markdown
// blog post with YAML front matter, in the form Hexo and Hugo read:
//
//	v, err := report.NewView(nb, report.ViewOptions{Name: "pe310", ModTime: modTime})
//	post := markdown.Render(v)
//	// post.Text is pe310.md; post.Files are pe310_files/...
//
// The front matter (FrontMatter, read back by ReadFrontMatter) holds
// title, date, authors, tags, mathjax: true and a description, the
// summary as plain text. Blocks follow in order: Markdown as written (its
// raw HTML sanitised unless the notebook is trusted), code as fenced
// blocks in the cell's language, streams, errors and text as plain fenced
// blocks without terminal escapes, images as links to files in
// NAME_files/, HTML as an HTML block, formulas between $ or $$, JSON as a
// json block, and notes (an output cut to size, a widget) as quotes; a
// glued figure's caption follows its image as a paragraph. Glued values
// are already in the Markdown blocks, written by the view so that a
// blog's CommonMark reader with raw HTML on sees only text in them. No
// control character reaches the post.
package markdown
