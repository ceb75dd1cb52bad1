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
// raw HTML sanitised unless the notebook is trusted), but for what a
// blog's reader would not understand, written in its post form by
// authoring.Post: references as links with the page's texts ("[Figure
// 1](#fig-x)"; one to nothing marked, <mark class="ref-missing">),
// numbered equations as $$...$$ after an anchor for each label, each
// number as \tag{N} (a row of an align its own), a label given outside
// the TeX also as \label, so that a blog's MathJax shows the page's
// numbers whatever its autoNumber and an \eqref in a formula links to
// the equation (checked in Chromium with MathJax 2.7), MyST's
// targets as anchors, table captions numbered, section numbers, and
// citations in the bibliography's style, linked to the references that
// end the post; code as fenced
// blocks in the cell's language, streams, errors and text as plain fenced
// blocks without terminal escapes, images as links to files in
// NAME_files/ with their alternative text (or, with classes, as <img>
// elements with them and their size, which Hugo and Jekyll keep) and,
// below, their caption as an emphasised paragraph (CaptionText: escaped,
// formulas kept) and their legend, a table's caption above it, a
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
//
// # A post is safe as one document
//
// Unless the notebook is trusted, the post is safe wherever it is
// published, not only in our own page. A blog turns the .md file into HTML
// with its own Markdown renderer, often with raw HTML allowed (Hugo's
// goldmark with unsafe = true, Jekyll's kramdown), and it reads the whole
// file as one document: a reference defined in one cell makes a link in
// another, a list left open by one cell takes the next one's code, and a
// code span that hides markup from CommonMark does not hide it from a
// renderer that passes math through raw. Cleaning cell by cell, in our
// own reading, cannot see those. So the post is cleaned twice: each cell's
// raw HTML as Jupyter reads the cell (SanitizeHTML, which also writes the
// angle brackets of formulas as \lt and \gt), then the whole text after
// the front matter as blogs read it (SanitizeDocument): goldmark with
// GitHub's Markdown and Hugo's defaults, once plain and once with Hugo's
// passthrough extension for math, every piece of HTML either reading finds
// sanitised, links that could run script unlinked, images from the web
// made links, style attributes of headings removed, and raw math kept free
// of markup, again and again until neither reading finds anything to do.
// Every URL is judged decoded, as sanitize.SafeLink and SafeSource do.
//
// Checking the document as a real parser reads it, rather than writing
// only constructs that cannot change meaning when read again, keeps the
// post the notebook's own Markdown: an ordinary notebook's post is not
// changed at all, and a hostile one loses only what is dangerous, written
// as character references so that it reads the same. The front matter is
// made inert by construction: a value holding "<", "[" or "]", or ending
// in "}", is written in double quotes with those characters escaped, so
// that a renderer that does not know front matter finds no markup in it.
//
// What is modelled is goldmark, the CommonMark reader of Hugo. The blogs'
// own syntax, read before or beside the Markdown, is handled as well.
// Hugo expands shortcodes before it reads Markdown, in code too
// ({{< gist >}} loads a script from the web); Jekyll runs Liquid and Hexo
// Nunjucks the same way, and their filters build markup from text
// ({{ "%3Cscript" | url_decode }}), while a Go literal such as
// [][]int{{1, 2}} fails a whole Jekyll site. So a body that holds "{{" or
// "{%" is put in a raw block that Liquid and Nunjucks both know, inside
// HTML comments that Markdown readers skip, and "{{<", "{{%" and the end of
// a raw block are broken wherever they are: by a character reference, or
// in code, where a reference would show, by a zero-width space after the
// first brace. kramdown, Jekyll's reader, takes {: ...} after a span or
// block as attributes of any name, event handlers included, and
// {::nomarkdown} as raw output, so "{:" outside code is written "&#123;:".
// MathJax, which the post asks for, makes links and loads of \href,
// \mmlToken, \style and \bbox wherever its delimiters are found in the
// page's text, so a zero-width space follows the backslash of those
// commands in text and HTML (see mathjaxCommand). The tests build every
// attack's post with Hugo, Jekyll and kramdown too, and open the HTML in
// Chromium, with MathJax typesetting the math.
package markdown
