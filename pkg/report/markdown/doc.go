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
// NAME_files/ with their alternative text and, below, their caption as
// an emphasised paragraph (CaptionText: escaped, formulas kept), a
// numbered figure with an anchor that references link to, HTML as an
// HTML block, formulas between $ or $$, JSON as a json block, and notes
// (an output cut to size, a widget) as quotes; a glue:figure's table or
// text is followed by its caption as an image is. Glued values are
// already in the Markdown blocks, written by the view so that a blog's
// CommonMark reader with raw HTML on sees only text in them. No control
// character reaches the post.
//
// A folded part of a cell, and the rest of a long output, is a <details>
// element whose content is HTML with every text escaped, each element a
// block of its own, so that a blog's engine shows the same text whether
// it reads Markdown inside HTML (CommonMark) or not (kramdown); a folded
// part that holds Markdown is written unfolded.
//
// A view's Provenance, when set, adds a provenance map to the front
// matter (notebook, commit, modified, kernel, language, gonb, ran,
// duration, parameters, command; or outputs: stored) and ends the post
// with a rule and a list of how it was made, its texts escaped and its
// paths and command in code spans.
package markdown
