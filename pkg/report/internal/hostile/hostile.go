// Package hostile holds the tests' attacks on the writers, as notebooks,
// and the check of what they produced: Check reads HTML as a browser does
// and lists what in it could run script or load from elsewhere. It shares
// no code with package sanitize or the writers, so that a mistake there is
// not repeated here.
//
// Each payload that would run adds its label to window.__pwned, so a
// browser test can tell that script ran, and each remote address names
// the host RemoteHost.
package hostile

import (
	"fmt"
	"strings"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// RemoteHost is the host every remote address of the attacks names.
const RemoteHost = "remote.example"

// Pwn returns JavaScript that adds label to window.__pwned.
func Pwn(label string) string {
	return "(window.__pwned=(window.__pwned??[]).concat('" + label + "'))"
}

// An Output is an output of a code cell: data of one MIME type.
type Output struct {
	MIME, Data string
}

// A Case is one attack: markdown cells, outputs of one code cell, and the
// notebook's title, each optional.
type Case struct {
	// Class names the class of attack; cases of one class differ in how
	// they write it.
	Class    string
	Markdown []string
	Outputs  []Output
	Title    string
	// Attachments are the attachments of the first markdown cell, by name,
	// as PNG images.
	Attachments []string
}

// Notebook returns the case as a notebook.
func (c Case) Notebook() *notebook.Notebook {
	nb := notebook.New()
	if c.Title != "" {
		nb.Metadata["title"] = []byte(fmt.Sprintf("%q", c.Title))
	}
	for i, md := range c.Markdown {
		cell := &notebook.Cell{Type: notebook.Markdown, Source: md, Metadata: notebook.Metadata{}}
		if i == 0 && len(c.Attachments) > 0 {
			cell.Attachments = map[string]notebook.MimeBundle{}
			for _, name := range c.Attachments {
				b := notebook.MimeBundle{}
				b.SetText("image/png", PNG)
				cell.Attachments[name] = b
			}
		}
		nb.Cells = append(nb.Cells, cell)
	}
	if len(c.Outputs) > 0 {
		count := 1
		cell := &notebook.Cell{Type: notebook.Code, Source: "show()", ExecutionCount: &count, Metadata: notebook.Metadata{}}
		for _, o := range c.Outputs {
			out := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
			out.Data.SetText(o.MIME, o.Data)
			cell.Outputs = append(cell.Outputs, out)
		}
		nb.Cells = append(nb.Cells, cell)
	}
	return nb
}

// PNG is a 1×1 PNG image, base64-encoded.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

// remote returns an address on RemoteHost, for the path p.
func remote(p string) string { return "http://" + RemoteHost + "/" + p }

// escapedRemote are ways to write remote(p) that a Markdown renderer or a
// browser decode.
func escapedRemote(p string) []string {
	rest := RemoteHost + "/" + p
	return []string{
		"http&colon;//" + rest, "http&#x3A;//" + rest, "http&#58;//" + rest, "&#104;ttp://" + rest,
		"&#x68;ttp://" + rest, "HTTP&colon;//" + rest, "&#47;&#47;" + rest, "&sol;&sol;" + rest,
		`\\\\` + rest, `/\\` + rest, "&#92;&#92;" + rest, "&#9;//" + rest, "&#10;/&#10;/" + rest,
		`http\:\/\/` + rest, "//" + rest, "&amp;#104;ttp://" + rest, "http&#x3A//" + rest,
	}
}

// escapedScript are ways to write a javascript: URL that adds label to
// window.__pwned.
func escapedScript(label string) []string {
	js := Pwn(label)
	return []string{
		"javascript:" + js, "JaVaScRiPt:" + js, "javascript&colon;" + js, "javascript&#58;" + js,
		"javascript&#x3A;" + js, "&#106;avascript:" + js, "&#x6A;avascript:" + js, "&#106avascript:" + js,
		"java&#9;script:" + js, "java&Tab;script:" + js, "java&NewLine;script:" + js, `javascript\:` + js,
		"&amp;#106;avascript:" + js,
	}
}

// Cases returns the attacks. Labels are unique, so that a browser test
// can name the one that ran.
func Cases() []Case {
	var cases []Case
	add := func(class string, c Case) {
		c.Class = class
		cases = append(cases, c)
	}
	md := func(class string, cells ...string) { add(class, Case{Markdown: cells}) }

	md("raw HTML in Markdown", `<script>`+Pwn("script")+`</script> <img src=x onerror="`+Pwn("onerror")+`">`,
		`<svg onload="`+Pwn("svg")+`"></svg> <details open ontoggle="`+Pwn("toggle")+`"><summary>s</summary></details>`)
	md("tags joined by cleaning", `<im<x>g src=x onerror="`+Pwn("joined")+`">`, `<scr<script>ipt>`+Pwn("joined-script")+`</script>`)

	// A code span, a formula and raw HTML read differently by Jupyter,
	// a plain CommonMark reader and one that passes math through.
	md("math and code spans read differently", "$`<img src=x onerror=\""+Pwn("math-code-1")+"\">`$",
		"a $b `c$ <img src=x onerror=\""+Pwn("math-code-2")+"\"> d` e",
		"`$` <img src=x onerror=\""+Pwn("math-code-3")+"\"> `$`",
		"$`$[l](javascript:"+Pwn("math-code-link")+")`",
		"$$`$$<svg onload=\""+Pwn("math-code-4")+"\">`$$",
		`\(`+"`"+`\)<img src=x onerror="`+Pwn("math-code-5")+`">`+"`",
		"$a<b>c$ and $x<img src=x onerror=\""+Pwn("math-angles")+"\">$")
	md("a formula's dollar inside raw HTML", `<span title="$">$<img src=x onerror="`+Pwn("dollar-attr")+`">`)

	var links []string
	for i, dest := range escapedScript("link") {
		label := fmt.Sprintf("link-%d", i)
		dest = strings.ReplaceAll(dest, "'link'", "'"+label+"'")
		links = append(links, "[inline]("+dest+")", "[angle](<"+dest+">)", "[ref][r"+label+"]\n\n[r"+label+"]: "+dest,
			"<"+dest+">", "![img]("+dest+")", `<a href="`+strings.ReplaceAll(dest, `"`, "&quot;")+`">raw</a>`)
	}
	md("javascript: link", links...)
	md("a reference defined in another cell", "[click][far]", "text", "[far]: javascript:"+Pwn("far-ref"))
	md("a reference defined in another cell", "![pixel][farimg]", "[farimg]: "+remote("far.png"))

	var images []string
	for i, dest := range escapedRemote("pixel.png") {
		images = append(images, fmt.Sprintf("![p%d](%s)", i, dest), fmt.Sprintf("![p%d](<%s>)", i, dest),
			fmt.Sprintf("![p%d][img%d]\n\n[img%d]: %s", i, i, i, dest),
			`<img src="`+dest+`">`, `<svg><image href="`+dest+`"/></svg>`)
	}
	md("remote image behind an escape", images...)
	md("remote loads in raw HTML", `<img srcset="`+remote("a.png")+` 2x" src="x.png">`, `<div style="background:url(`+remote("bg.png")+`)">d</div>`,
		`<div style="background:u&#114;l(//`+RemoteHost+`/bg2.png)">d</div>`, `<iframe src="`+remote("frame")+`"></iframe>`,
		`<link rel="stylesheet" href="`+remote("x.css")+`">`, `<style>@import url(`+remote("i.css")+`);</style>`,
		`<video poster="`+remote("p.png")+`"></video>`, `<table background="`+remote("t.png")+`"><tr><td>t</td></tr></table>`)
	md("attributes on a heading", `# Styled {style="background:url(`+remote("h.png")+`)"}`, `## Handler {onclick="`+Pwn("heading")+`" #h}`,
		"Setext {style=\"background:url("+remote("s.png")+")\"}\n---")
	md("HTML blocks across cells", "<!--", "--><img src=x onerror=\""+Pwn("comment")+"\">", "<pre>", "<img src=x onerror=\""+Pwn("pre")+"\">")
	// Code on its own, HTML in the list the cell before leaves open.
	md("code in one cell, markup in the list of the cell before", "- item", "    <img src=x onerror=\""+Pwn("indented")+"\">")

	// kramdown (Jekyll) reads {: ...} after a span or block as its
	// attributes, whatever they are, and {::nomarkdown} as raw output.
	md("kramdown's attribute lists", `*x*{: onclick="`+Pwn("ial-span")+`"}`, "para\n{: onmouseover=\""+Pwn("ial-block")+"\"}",
		"{:evil: onclick=\""+Pwn("ald")+"\"}\n\ntext\n{: evil}", `[x](https://`+RemoteHost+`/){: onclick="`+Pwn("ial-link")+`"}`,
		`![i](x.png){: onerror="`+Pwn("ial-img")+`"}`, "`code`{: onclick=\""+Pwn("ial-code")+"\"}",
		"{::nomarkdown}<img src=x onerror=\""+Pwn("nomarkdown")+"\">{:/}", "{::nomarkdown}\n&lt;img src=x>\n{:/nomarkdown}",
		"# H {#id onclick=\""+Pwn("ial-heading")+"\"}", "<b>{: onclick=\""+Pwn("ial-html")+"\"}</b>",
		"a $$`$$<img src=x onerror=\""+Pwn("kramdown-math")+"\">`$$ b")

	// Hugo expands its shortcodes before it reads Markdown, in code too:
	// gist loads a script, youtube a frame, figure an image.
	md("Hugo's shortcodes", "{{< gist evil 1 >}}", "`{{< gist evil 2 >}}`", "```\n{{< figure src=\""+remote("sc.png")+"\" >}}\n```",
		"    {{< youtube evil3 >}}", "{{% gist evil 4 %}}", "<div>{{% gist evil 5 %}}</div>", "$x {{< gist evil 6 >}}$",
		"[{{< gist evil 7 >}}](x.html) # {{< gist evil 8 >}}", "{{{< gist evil 9 >}}")
	add("Hugo's shortcodes in code and outputs", Case{Outputs: []Output{
		{"text/plain", "{{< gist evil 10 >}}"}, {"text/html", "<pre>{{< gist evil 11 >}}</pre>"},
		{"text/markdown", "{{% gist evil 12 %}}"}, {"text/latex", "$${{< gist evil 13 >}}$$"},
	}})

	// Jekyll runs Liquid, and Hexo Nunjucks, over a post before reading
	// it, in code too; their filters build markup from text.
	liquidImg := func(label string) string {
		return `{{ "%3Cimg src=%22x%22 onerror=%22` + strings.ReplaceAll(Pwn(label), "'", "%27") + `%22%3E" | url_decode }}`
	}
	md("Liquid and Nunjucks templates", "Text "+liquidImg("liquid-text"), "`"+liquidImg("liquid-code")+"`",
		"```\n"+liquidImg("liquid-fence")+"\n```", `{{ "Xscript>`+Pwn("liquid-replace")+`X/script>" | replace: "X", "<" }}`,
		"{% endraw %}"+liquidImg("liquid-endraw")+"{% raw %}", "`{%- endraw -%}`"+liquidImg("liquid-endraw-code"),
		"```\n{%endraw%}\n```\n\n"+liquidImg("liquid-endraw-fence"), "[][]int{{1, 2}, {3}} {% if %}")
	add("Liquid and Nunjucks templates in outputs", Case{Outputs: []Output{
		{"text/plain", liquidImg("liquid-stream") + " {% endraw %} " + liquidImg("liquid-stream-2")},
		{"text/html", "<p>{% endraw %}" + liquidImg("liquid-html") + "</p>"},
	}})

	// MathJax, which a post asks for, makes links and styles of some
	// commands wherever its delimiters are.
	md("MathJax's commands", `$\href{javascript:`+Pwn("mj-href")+`}{click}$`, `$\style{background-image:url(`+remote("mj-style.png")+`)}{x}$`,
		`$\bbox[background-image:url(`+remote("mj-bbox.png")+`)]{x}$`, `$\mmlToken{mi}[href="javascript:`+Pwn("mj-token")+`"]{x}$`,
		"$$\n\\href{javascript:"+Pwn("mj-display")+"}{y}\n$$", `$&#92;href{javascript:`+Pwn("mj-entity")+`}{e}$`,
		`$\\href{javascript:`+Pwn("mj-escaped")+`}{e}$`, `$\hr*e*f{x}$ $\`+"\n"+`href{javascript:`+Pwn("mj-split")+`}{s}$`)
	add("MathJax's commands in outputs and the title", Case{
		Title: `$\href{javascript:` + Pwn("mj-title") + `}{t}$`,
		Outputs: []Output{
			{"text/html", `<p>$\href{javascript:` + Pwn("mj-html") + `}{h}$ $&#92;style{background:url(` + remote("mj-html.png") + `)}{s}$</p>`},
			{"text/latex", `$\href{javascript:` + Pwn("mj-latex") + `}{l}$`},
			{"text/markdown", `$\href{javascript:` + Pwn("mj-md") + `}{m}$`},
		},
	})

	add("HTML and SVG outputs", Case{Outputs: []Output{
		{"text/html", `<script>` + Pwn("out-script") + `</script><img src=x onerror="` + Pwn("out-img") + `"><img src="http&colon;//` + RemoteHost + `/o.png">`},
		{"image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg" onload="` + Pwn("out-svg") + `"><image href="` + remote("svg.png") + `"/></svg>`},
		{"text/markdown", "[md](javascript:" + Pwn("out-md") + ") ![i](http&colon;//" + RemoteHost + "/md.png)"},
	}})
	add("a formula output that closes early", Case{Outputs: []Output{
		{"text/latex", "$x$ [l](javascript:" + Pwn("latex-link") + ") <img src=x onerror=\"" + Pwn("latex-img") + "\"> $y$"},
		{"text/latex", "$$\nx\n$$\n\n[l](javascript:" + Pwn("latex-display") + ")\n\n$$\ny\n$$"},
	}})
	add("markup in the title and front matter", Case{
		Title:    "[t](javascript:" + Pwn("title") + ") <img src=x onerror=\"" + Pwn("title-img") + "\"> {style=x}",
		Markdown: []string{"Summary <script>" + Pwn("summary") + "</script> \\[s](javascript:" + Pwn("summary-link") + ")"},
	})
	// Issue 31's constructs, whose titles, labels, keys and options
	// the writers place in headings, anchors, summaries and marks.
	img := func(label string) string { return `<img src=x onerror="` + Pwn(label) + `">` }
	md("titles, labels and keys of theorems, callouts, tabs and references",
		"::: {.callout-warning title='"+img("callout-title")+"' collapse=\"true\"}\nbody [l](javascript:"+Pwn("callout-link")+")\n:::",
		"::: {#thm-a .theorem name=\"<svg onload="+Pwn("thm-name")+">\"}\nStatement.\n:::\n\n::: {.proof}\n"+img("proof")+"\n:::",
		":::{prf:lemma} "+img("prf-title")+"\n:label: lem\"onmouseover=\""+Pwn("prf-label")+"\n\nS\n:::",
		"```{admonition} <svg onload=\""+Pwn("admonition-title")+"\">\n:class: dropdown \" onclick=\""+Pwn("admonition-class")+"\n\nbody\n```",
		":::{dropdown} "+img("dropdown-title")+"\nhidden [x](javascript:"+Pwn("dropdown-link")+")\n:::",
		"::: {.panel-tabset}\n## "+img("tab-title")+"\nA\n## [t](javascript:"+Pwn("tab-link")+")\nB\n:::",
		"> [!NOTE] "+img("alert-title")+"\n> body",
		"See @thm-a, @fig-"+img("ref-at")+", {numref}`"+img("numref")+"`, [text](#\"onclick=\""+Pwn("ref-link")+"), [@"+img("cite-key")+"] and {cite:t}`\"><svg onload="+Pwn("cite-role")+">`.",
		"$$\nx\n$$ {#eq-a\"onclick=\""+Pwn("eq-label")+"}\n\n(tgt\"onclick="+Pwn("target")+")=\n## Target {#sec-a\" onclick=\""+Pwn("sec-label")+"}",
		":::{figure} javascript:"+Pwn("figure-src")+"\n:name: fig-b\n"+img("figure-caption")+"\n:::",
		"::::{figure}\n:label: fig-s\n(sub\"onclick=\""+Pwn("subfigure-target")+")=\n![a "+img("subfigure-caption")+"](javascript:"+Pwn("subfigure-src")+")\n\n![b](\" onerror=\""+Pwn("subfigure-src2")+")\n\n"+img("subfigures-caption")+"\n::::",
		"::: {#fig-l layout=\"[[1,-1,1]]\\\" onclick=\\\""+Pwn("layout-attr")+"\" layout-nrow=\"2;x:expression("+Pwn("layout-nrow")+")\"}\n![a](a.png){#fig-la}\n\n![b](b.png)\n\n"+img("layout-caption")+"\n:::",
		"::: {#tbl-l layout-ncol=2 layout-valign=\"bottom\\\" onclick=\\\""+Pwn("layout-valign")+"\" layout-align='\"><svg onload="+Pwn("layout-align")+">'}\n| a |\n|---|\n| 1 |\n\n: "+img("subtable-caption")+" {#tbl-l-a}\n\n| b |\n|---|\n| 2 |\n\n: b {#tbl-l-b\"onclick=\""+Pwn("subtable-label")+"}\n\n"+img("subtables-caption")+"\n:::",
		"```{list-table} "+img("table-title")+"\n:name: tbl-c\n* - "+img("table-cell")+"\n  - [l](javascript:"+Pwn("table-link")+")\n```",
		"| a |\n|---|\n| 1 |\n\n: "+img("pandoc-caption")+" {#tbl-d}",
		"Term "+img("term")+"\n: definition [d](javascript:"+Pwn("definition-link")+")")
	add("attachments named as URLs", Case{
		Markdown:    []string{"![a](attachment:javascript:x.png) ![b](attachment:http:x.png)"},
		Attachments: []string{"javascript:x.png", "http:x.png"},
	})
	return cases
}
