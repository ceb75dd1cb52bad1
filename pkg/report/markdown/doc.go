// Package markdown writes an executed notebook as a Markdown blog post with
// YAML front matter, in the form Hexo and Hugo read:
//
//	meta, err := report.MetaOf(nb, "pe310", modTime)
//	post, err := markdown.Convert(nb, meta, markdown.Options{Name: "pe310"})
//	// post.Text is pe310.md; post.Files are pe310_files/...
//
// The front matter holds title, date, tags, mathjax: true and a
// description (the first paragraph). Markdown cells are copied as written,
// math and all; code cells become fenced go blocks; outputs follow in
// order: stream text and plain values as plain fenced blocks, images as
// files in NAME_files/ linked from the post, Markdown inline, HTML inline
// (sanitised unless the notebook is trusted; an HTML output that is just an
// SVG image, as GoNB's DisplaySvg sends, becomes an .svg file), and errors
// as a block with the error name, value and traceback. Raw cells are kept
// when their format is Markdown or HTML. Cell attachments are written to
// NAME_files/ and their attachment: links rewritten.
package markdown
