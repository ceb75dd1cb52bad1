package report

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/cellopts"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

func mustView(t testing.TB, nb *notebook.Notebook, opts ViewOptions) *View {
	t.Helper()
	if opts.Name == "" {
		opts.Name = "post"
	}
	v, err := NewView(nb, opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func codeNotebook(outs ...*notebook.Output) *notebook.Notebook {
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{{Type: notebook.Code, Source: "x", Outputs: outs}}
	return nb
}

func rich(kv ...string) *notebook.Output {
	o := &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Data.SetText(kv[i], kv[i+1])
	}
	return o
}

// outputBlocks returns the blocks of outputs, as "kind:text" (images as
// "image:MIME").
func outputBlocks(v *View) []string {
	var out []string
	for _, b := range v.Blocks {
		if b.Output == 0 {
			continue
		}
		switch b.Kind {
		case KindImage:
			out = append(out, "image:"+b.MIME)
		case KindStream:
			out = append(out, b.Name+":"+b.Text)
		default:
			out = append(out, b.Kind.String()+":"+b.Text)
		}
	}
	return out
}

func TestViewOutputs(t *testing.T) {
	update := display("new", "d")
	update.Type = notebook.UpdateDisplayData
	later := display("later display", "d")
	update2 := display("newest", "d")
	update2.Type = notebook.UpdateDisplayData
	v := mustView(t, codeNotebook(
		stream("stdout", "a\n"), stream("stdout", "\x1b[1mb\x1b[0m\n"), stream("stderr", "e\n"), stream("stdout", "c\n"),
		display("old", "d"), display("other", "x"), update,
		&notebook.Output{Type: notebook.ErrorOutput, EName: "E", EValue: "v", Traceback: []string{"\x1b[31mline\x1b[0m"}},
		&notebook.Output{Type: notebook.ErrorOutput, EName: "E", EValue: "no traceback", Traceback: []string{}},
		later, update2,
	), ViewOptions{})
	// An update changes every display with its id, before it or after.
	want := []string{"stdout:a\nb\n", "stderr:e\n", "stdout:c\n", "text:newest", "text:other", "error:line", "error:E: no traceback", "text:newest"}
	if got := outputBlocks(v); !reflect.DeepEqual(got, want) {
		t.Errorf("outputs\n got %q\nwant %q", got, want)
	}
	if b := v.Blocks[1]; b.Spans == nil || b.Spans[1].Text != "b" || !b.Spans[1].Bold {
		t.Errorf("bold span lost: %+v", b.Spans)
	}
}

// TestUpdateAcrossCells: an update in a later cell changes a display of
// an earlier one, as Jupyter shows it.
func TestUpdateAcrossCells(t *testing.T) {
	update := display("updated", "d")
	update.Type = notebook.UpdateDisplayData
	nb := codeNotebook(display("first", "d"))
	nb.Cells = append(nb.Cells, &notebook.Cell{Type: notebook.Code, Source: "y", Outputs: []*notebook.Output{display("other", "e"), update}})
	want := []string{"text:updated", "text:other"}
	if got := outputBlocks(mustView(t, nb, ViewOptions{})); !reflect.DeepEqual(got, want) {
		t.Errorf("outputs %q, want %q", got, want)
	}
}

func TestMIMEPreference(t *testing.T) {
	png := "iVBORw0KGgo="
	svgFigure := `<?xml version="1.0"?><!-- gonum --><div><svg width="4" height="4" viewBox="0 0 4 4"><clipPath id="c"><rect width="4" height="4"/></clipPath></svg></div>`
	tests := []struct {
		name string
		out  *notebook.Output
		want []string
	}{
		{"html over png and plain", rich("text/html", "<b>t</b>", "image/png", png, "text/plain", "p"), []string{"html:<b>t</b>"}},
		{"latex over png (SymPy)", rich("text/latex", `$$x^{2}$$`, "image/png", png, "text/plain", "x**2"), []string{"math:x^{2}"}},
		{"displaystyle latex", rich("text/latex", `$\displaystyle \frac{1}{2}$`), []string{`math:\displaystyle \frac{1}{2}`}},
		{"latex text", rich("text/latex", `Area $a$ and $b$`), []string{`markdown:Area $a$ and $b$`}},
		{"png", rich("image/png", png, "text/plain", "<Figure>"), []string{"image:image/png"}},
		{"webp", rich("image/webp", png), []string{"image:image/webp"}},
		{"jpeg", rich("image/jpeg", png), []string{"image:image/jpeg"}},
		{"gif", rich("image/gif", png), []string{"image:image/gif"}},
		{"svg", rich("image/svg+xml", `<svg><text>t</text></svg>`), []string{"image:image/svg+xml"}},
		{"GoNB figure", rich("text/html", svgFigure), []string{"image:image/svg+xml"}},
		{"SVG with text is HTML", rich("text/html", "<p>Figure:</p><svg></svg>"), []string{"html:<p>Figure:</p><svg></svg>"}},
		{"two SVGs are HTML", rich("text/html", "<svg></svg><svg></svg>"), []string{"html:<svg></svg><svg></svg>"}},
		{"json", rich("application/json", `{"a":[1]}`), []string{"json:{\n  \"a\": [\n    1\n  ]\n}"}},
		{"widget", rich("application/vnd.jupyter.widget-view+json", `{"model_id":"x"}`, "text/plain", "IntSlider(value=3)"),
			[]string{"note:An interactive widget: it needs a running kernel, so its text form is shown.", "text:IntSlider(value=3)"}},
		{"javascript", rich("application/javascript", "alert(1)", "text/plain", "<IPython.Javascript>"),
			[]string{"note:JavaScript output, not run here: its text form is shown.", "text:<IPython.Javascript>"}},
		{"javascript alone", rich("text/javascript", "alert(1)"), []string{"note:JavaScript output, not run here: its text form is shown."}},
		{"unknown only: a note", rich("application/x-thing", "x"), []string{`note:An output of a type this page cannot show: "application/x-thing".`}},
	}
	for _, tt := range tests {
		v := mustView(t, codeNotebook(tt.out), ViewOptions{})
		if got := outputBlocks(v); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestGoNBFigure: the SVG of a GoNB figure keeps its mixed-case names and
// gets the namespace a file needs, trusted or not.
func TestGoNBFigure(t *testing.T) {
	fig := `<div><svg width="4" height="4" viewBox="0 0 4 4"><clipPath id="c"><rect width="4" height="4"/></clipPath></svg></div>`
	for _, trust := range []bool{false, true} {
		v := mustView(t, codeNotebook(rich("text/html", fig)), ViewOptions{Trust: trust})
		if len(v.Files) != 1 || v.Files[0].Path != contentPath("post_files", v.Files[0].Data, ".svg") {
			t.Fatalf("trust %v: files %+v", trust, v.Files)
		}
		svg := string(v.Files[0].Data)
		for _, want := range []string{`xmlns="http://www.w3.org/2000/svg"`, "viewBox=", "<clipPath"} {
			if !strings.Contains(svg, want) {
				t.Errorf("trust %v: SVG lacks %s: %s", trust, want, svg)
			}
		}
	}
}

func TestImagesOfEveryType(t *testing.T) {
	nb := codeNotebook(rich("image/webp", "UklGRg=="), rich("image/bmp", "Qk0="), rich("image/svg+xml", "<svg></svg>"))
	nb.Cells = append([]*notebook.Cell{{Type: notebook.Markdown, Source: "![w](attachment:w.webp) ![s](attachment:s.svg)",
		Attachments: map[string]notebook.MimeBundle{"w.webp": {}, "s.svg": {}}}}, nb.Cells...)
	nb.Cells[0].Attachments["w.webp"].SetText("image/webp", "UklGRg==")
	nb.Cells[0].Attachments["s.svg"].SetText("image/svg+xml", "<svg><circle r='1'/></svg>")
	v := mustView(t, nb, ViewOptions{})
	var got []string
	for _, f := range v.Files {
		got = append(got, f.Path+" "+f.MIME)
	}
	// The WebP attachment and output are the same image: one file.
	webp, _ := base64.StdEncoding.DecodeString("UklGRg==")
	bmp, _ := base64.StdEncoding.DecodeString("Qk0=")
	attached := contentPath("post_files", v.Files[0].Data, ".svg")
	want := []string{
		attached + " image/svg+xml", contentPath("post_files", webp, ".webp") + " image/webp",
		contentPath("post_files", bmp, ".bmp") + " image/bmp", contentPath("post_files", v.Files[3].Data, ".svg") + " image/svg+xml",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files\n got %q\nwant %q", got, want)
	}
	if md := v.Blocks[0].Text; md != "![w]("+contentPath("post_files", webp, ".webp")+") ![s]("+attached+")" {
		t.Errorf("attachment links: %q", md)
	}
}

// contentPath returns the path of a view's file in dir holding data: a
// SHA-256 hash of its content, cut to 128 bits, and its extension.
func contentPath(dir string, data []byte, ext string) string {
	sum := sha256.Sum256(data)
	return dir + "/" + hex.EncodeToString(sum[:16]) + ext
}

// TestAttachmentsByExactName checks the defects of issue 11.8: links are
// resolved by exact, percent-decoded name; no name rewrites another's
// links; files, named by their content, do not collide on disk nor leave
// the files folder, whatever the attachments' names say.
func TestAttachmentsByExactName(t *testing.T) {
	names := []string{"", "x", "x.png", "../../x.png", "a.png", "my pic.png", `..\..\evil.png`, "/etc/passwd", "é.png"}
	c := &notebook.Cell{Type: notebook.Markdown, Attachments: map[string]notebook.MimeBundle{}}
	files := map[string]string{}
	for i, n := range names {
		data := fmt.Appendf(nil, "\x89PNG %d", i)
		b := notebook.MimeBundle{}
		b.SetText("image/png", base64.StdEncoding.EncodeToString(data))
		c.Attachments[n] = b
		files[n] = contentPath("p_files", data, ".png")
	}
	c.Source = strings.Join([]string{
		"![empty](attachment:)", "![x](attachment:x)", "![xpng](attachment:x.png)", "![up](attachment:../../x.png)",
		"![a2](attachment:a.png2)", "![space](attachment:my%20pic.png)", "![angle](<attachment:my pic.png>)",
		"`![code](attachment:x)`", `<img src="attachment:a.png">`, "[ref]: attachment:x.png", "![e](attachment:%C3%A9.png)",
	}, "\n\n")
	nb := notebook.New()
	nb.Cells = []*notebook.Cell{c}
	v := mustView(t, nb, ViewOptions{Name: "p"})
	paths := map[string]bool{}
	for _, f := range v.Files {
		if paths[f.Path] {
			t.Errorf("two attachments written to %s", f.Path)
		}
		paths[f.Path] = true
		if path.Dir(f.Path) != "p_files" || strings.Contains(f.Path, "..") || strings.ContainsAny(path.Base(f.Path), ` /\%`) {
			t.Errorf("attachment file %q outside p_files or with an unsafe name", f.Path)
		}
	}
	if len(v.Files) != len(names) {
		t.Errorf("%d files for %d attachments", len(v.Files), len(names))
	}
	var got []string
	for _, f := range v.Files {
		got = append(got, f.Path)
	}
	var want []string
	for _, name := range slices.Sorted(maps.Keys(c.Attachments)) {
		want = append(want, files[name])
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("files\n got %q\nwant %q", got, want)
	}
	file := func(name string) string { return files[name] }
	md := v.Blocks[0].Text
	for _, want := range []string{
		"![empty](" + file("") + ")", "![x](" + file("x") + ")", "![xpng](" + file("x.png") + ")",
		"![up](" + file("../../x.png") + ")", "![a2](attachment:a.png2)", "![space](" + file("my pic.png") + ")",
		"![angle](<" + file("my pic.png") + ">)", "`![code](attachment:x)`", `<img src="` + file("a.png") + `">`,
		"[ref]: " + file("x.png"), "![e](" + file("é.png") + ")",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("source lacks %q:\n%s", want, md)
		}
	}
}

// TestDeterministic renders the same notebook many times: map order must
// not reach the output.
func TestDeterministic(t *testing.T) {
	c := &notebook.Cell{Type: notebook.Markdown, Attachments: map[string]notebook.MimeBundle{}}
	for i := range 20 {
		b := notebook.MimeBundle{}
		b.SetText("image/png", "iVBORw0KGgo=")
		b.SetText("image/gif", "R0lGOD==")
		c.Attachments[fmt.Sprintf("img%d.png", i)] = b
		c.Source += fmt.Sprintf("![i](attachment:img%d.png)\n", i)
	}
	nb := notebook.New()
	nb.Metadata = notebook.Metadata{"tags": json.RawMessage(`["b","a"]`), "authors": json.RawMessage(`[{"name":"A"},{"name":"B"}]`)}
	nb.Cells = []*notebook.Cell{c}
	first := mustView(t, nb, ViewOptions{})
	for range 20 {
		if v := mustView(t, nb, ViewOptions{}); !reflect.DeepEqual(v, first) {
			t.Fatal("two views of one notebook differ")
		}
	}
}

func TestStreamCap(t *testing.T) {
	var outs []*notebook.Output
	for range 300 {
		outs = append(outs, stream("stdout", strings.Repeat("x", 99)+"\n"))
	}
	v := mustView(t, codeNotebook(outs...), ViewOptions{MaxOutput: 1000})
	if len(v.Blocks) != 3 || v.Blocks[2].Kind != KindNote || !strings.Contains(v.Blocks[2].Text, "29.3 kB") {
		t.Fatalf("blocks %+v", v.Blocks)
	}
	if got := v.Blocks[1].Text; len(got) > 1000 || !strings.HasSuffix(got, "x\n") {
		t.Errorf("kept %d bytes ending %q", len(got), got[len(got)-3:])
	}
	if len(v.Warnings) != 1 {
		t.Errorf("warnings %v", v.Warnings)
	}
	all := mustView(t, codeNotebook(outs...), ViewOptions{MaxOutput: -1, FoldLines: -1})
	if len(all.Blocks[1].Text) != 30000 {
		t.Errorf("uncapped stream has %d bytes", len(all.Blocks[1].Text))
	}
	big := rich("text/html", strings.Repeat("<p>row</p>", 500), "text/plain", "a frame")
	if got := outputBlocks(mustView(t, codeNotebook(big), ViewOptions{MaxOutput: 1000})); !reflect.DeepEqual(got, []string{"text:a frame"}) {
		t.Errorf("large HTML: %q, want its text form", got)
	}
}

// TestStreamJoinIsLinear is issue 11.6: 20 000 stored chunks of 1 KB took
// 81 s to join. With the default cap they take a few milliseconds; with
// none, ten times the chunks allocate about ten times the bytes (a
// quadratic join would allocate a hundred times). Bytes are counted rather
// than time so that a busy machine, or a cache that 20 MB overflows and
// 2 MB does not, cannot decide.
func TestStreamJoinIsLinear(t *testing.T) {
	chunks := func(n int) *notebook.Notebook {
		outs := make([]*notebook.Output, n)
		chunk := strings.Repeat("y", 1023) + "\n"
		for i := range outs {
			outs[i] = stream("stdout", chunk)
		}
		return codeNotebook(outs...)
	}
	allocated := func(nb *notebook.Notebook, max int) uint64 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		mustView(t, nb, ViewOptions{MaxOutput: max})
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	big := chunks(20000)
	start := time.Now()
	mustView(t, big, ViewOptions{})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("joining 20 000 chunks with the default cap took %v", d)
	}
	if v := mustView(t, big, ViewOptions{FoldLines: -1}); len(v.Blocks[1].Text) > DefaultMaxOutput {
		t.Errorf("default cap kept %d bytes", len(v.Blocks[1].Text))
	}
	small, large := allocated(chunks(2000), -1), allocated(big, -1)
	if large > 20*small {
		t.Errorf("uncapped: 2 000 chunks allocated %d bytes, 20 000 allocated %d: not linear", small, large)
	}
}

func TestControlCharacters(t *testing.T) {
	v := mustView(t, codeNotebook(stream("stdout", "nul\x00 bell\a del\x7f c1\u009b[31m tab\tend\r\n"),
		rich("text/plain", "a\x00b"), rich("text/markdown", "m\x00d")), ViewOptions{})
	for _, b := range v.Blocks {
		for _, r := range b.Text {
			if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r < 0xa0 {
				t.Errorf("%s block holds control character %U: %q", b.Kind, r, b.Text)
			}
		}
	}
	if got := v.Blocks[1].Text; got != "nul␀ bell␇ del␡ c1\ufffd[31m tab\tend\n" {
		t.Errorf("stream %q", got)
	}
}

func TestTags(t *testing.T) {
	nb := notebook.New()
	tagged := func(src string, tags ...string) *notebook.Cell {
		raw, _ := json.Marshal(tags)
		return &notebook.Cell{Type: notebook.Code, Source: src, Metadata: notebook.Metadata{"tags": raw},
			Outputs: []*notebook.Output{stream("stdout", src+" out")}}
	}
	nb.Cells = []*notebook.Cell{tagged("a", cellopts.RemoveCell), tagged("b", cellopts.RemoveInput), tagged("c", cellopts.RemoveOutput), tagged("d")}
	var got []string
	for _, b := range mustView(t, nb, ViewOptions{}).Blocks {
		got = append(got, b.Kind.String()+":"+b.Text)
	}
	want := []string{"stream:b out", "code:c", "code:d", "stream:d out"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("blocks %q, want %q", got, want)
	}
}

func TestNewViewErrors(t *testing.T) {
	nb := codeNotebook(stream("stdout", "ok"), rich("image/png", "%%%", "text/plain", "fig"))
	if _, err := NewView(nb, ViewOptions{Name: "x"}); !errors.Is(err, ErrOutput) || !strings.HasPrefix(err.Error(), "cell 1: output 2: ") {
		t.Errorf("error %v, want ErrOutput naming cell 1, output 2", err)
	}
	for _, name := range []string{"", "a/b", "..", `a\b`, "."} {
		if _, err := NewView(notebook.New(), ViewOptions{Name: name}); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
	if _, err := NewView(nil, ViewOptions{Name: "x"}); err == nil {
		t.Error("nil notebook accepted")
	}
}

// FuzzView builds views of arbitrary notebooks: no panic, and the text of
// each output block bounded by the size limit.
func FuzzView(f *testing.F) {
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{"date":1700000000,"title":["a"]},"cells":[{"cell_type":"code","metadata":{},"source":"%%bash\n!x","execution_count":1,"outputs":[{"output_type":"stream","name":"stdout","text":"\u001b[31ma\rb\u0000"}]}]}`))
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":[{"cell_type":"markdown","metadata":{},"source":"![](attachment:)","attachments":{"":{"image/png":"AA=="}}}]}`))
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":[{"cell_type":"code","metadata":{},"source":"","execution_count":1,"outputs":[{"output_type":"display_data","metadata":{},"data":{"text/html":"<div><svg><a/></svg></div>","text/latex":"$$x$$"}}]}]}`))
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{"kernelspec":{"name":"gonb","language":"go"}},"cells":[{"cell_type":"markdown","metadata":{},"source":"See [@fig-a] and -@fig-b."},{"cell_type":"code","metadata":{"tags":["hide-output"],"jupyter":{"source_hidden":true}},"source":"//| label: fig-a\n//| fig-cap: [x, y]\n//| code-fold: show\n%%\n!x","execution_count":1,"outputs":[{"output_type":"display_data","metadata":{},"data":{"image/png":"AA=="}},{"output_type":"stream","name":"stdout","text":"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n21\n22\n23\n24\n25\n26\n27\n28\n29\n30\n31\n32\n33\n34\n35\n36\n37\n38\n39\n40\n41\n"}]}]}`))
	f.Add([]byte(`{"nbformat":4,"nbformat_minor":5,"metadata":{},"cells":[{"cell_type":"markdown","metadata":{},"source":"@fig-g {glue}` + "`p`" + `\n\n` + "```" + `{glue:figure} p\n:name: fig-g\n\nA $x$ {glue}` + "`t`" + `\n` + "```" + `\n\n:::{glue:math} t\n:label: e\n:::"},{"cell_type":"code","metadata":{},"source":"#| label: fig-g\nx","execution_count":1,"outputs":[{"output_type":"display_data","metadata":{"scrapbook":{"name":"p","mime_prefix":"application/papermill.record/"}},"data":{"application/papermill.record/image/png":"AA=="}},{"output_type":"display_data","metadata":{"scrapbook":{"name":"t","mime_prefix":""}},"data":{"text/latex":"$y$","image/png":"AA=="}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		nb, err := notebook.Parse(data)
		if err != nil {
			return
		}
		const limit = 64
		v, err := NewView(nb, ViewOptions{Name: "fuzz", MaxOutput: limit})
		if errors.Is(err, ErrOutput) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range v.Blocks {
			if b.Output > 0 && b.Kind != KindImage && b.Kind != KindNote && len(b.Text) > 4*limit {
				t.Fatalf("%s output of %d bytes past the limit %d", b.Kind, len(b.Text), limit)
			}
			if b.Kind == KindImage && (strings.TrimSpace(b.Alt) == "" || b.Alt == "output") {
				t.Fatalf("image of cell %d with alt text %q", b.Cell, b.Alt)
			}
			if b.Label != "" && !labelForm.MatchString(b.Label) {
				t.Fatalf("label %q", b.Label)
			}
			if b.Label != "" && (b.Kind != KindMath || b.Caption != "") && !strings.HasPrefix(b.Caption, "Figure ") {
				t.Fatalf("figure labelled %q with the caption %q, not its number", b.Label, b.Caption)
			}
		}
		for _, f := range v.Files {
			if path.Dir(f.Path) != "fuzz_files" {
				t.Fatalf("file %q outside fuzz_files", f.Path)
			}
		}
	})
}

func BenchmarkNewView(b *testing.B) {
	for _, chunks := range []int{100, 10000} {
		outs := make([]*notebook.Output, chunks)
		for i := range outs {
			outs[i] = stream("stdout", "\x1b[32m"+strings.Repeat("z", 1000)+"\x1b[0m\n")
		}
		nb := codeNotebook(outs...)
		b.Run(fmt.Sprint(chunks), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewView(nb, ViewOptions{Name: "b", MaxOutput: -1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestImageSize: the size an output's metadata gives its image (a retina
// figure's, say) is kept.
func TestImageSize(t *testing.T) {
	tests := []struct {
		meta          string
		width, height int
	}{
		{`{"image/png": {"width": 320, "height": 240.4}}`, 320, 240},
		{`{"image/png": {"width": "320"}}`, 0, 0},
		{`{"image/png": {"width": -5, "height": 1e9}}`, 0, 0},
		{`{"image/jpeg": {"width": 10}}`, 0, 0},
		{`{}`, 0, 0},
	}
	for _, tt := range tests {
		o := rich("image/png", "iVBORw0KGgo=")
		if err := json.Unmarshal([]byte(tt.meta), &o.Metadata); err != nil {
			t.Fatal(err)
		}
		b := mustView(t, codeNotebook(o), ViewOptions{}).Blocks[1]
		if b.Width != tt.width || b.Height != tt.height {
			t.Errorf("%s: size %dx%d, want %dx%d", tt.meta, b.Width, b.Height, tt.width, tt.height)
		}
	}
}

func TestDecodeBase64(t *testing.T) {
	for _, in := range []string{"aGVsbG8=", "aGVs\nbG8=", "aGVsbG8", "data:image/png;base64,aGVsbG8=", " aGVsbG8= "} {
		if got, err := decodeBase64(in); err != nil || string(got) != "hello" {
			t.Errorf("decodeBase64(%q) = %q, %v", in, got, err)
		}
	}
	if got, err := decodeBase64("-_8"); err != nil || string(got) != "\xfb\xff" {
		t.Errorf("URL alphabet: %q, %v", got, err)
	}
	for _, bad := range []string{"%%%", "a", "aGVsbG8=x"} {
		if _, err := decodeBase64(bad); err == nil {
			t.Errorf("decodeBase64(%q) accepted", bad)
		}
	}
}

// TestFilesByContent checks that a view holds each image once, however
// often it is attached, referred to or shown, in any cell, and names it
// alike in every render.
func TestFilesByContent(t *testing.T) {
	dot := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg=="
	other := base64.StdEncoding.EncodeToString([]byte("\x89PNG other"))
	attach := func(src string, names ...string) *notebook.Cell {
		c := &notebook.Cell{Type: notebook.Markdown, Source: src, Attachments: map[string]notebook.MimeBundle{}}
		for _, n := range names {
			c.Attachments[n] = notebook.MimeBundle{}
			c.Attachments[n].SetText("image/png", dot)
		}
		return c
	}
	nb := codeNotebook(rich("image/png", dot), rich("image/png", dot), rich("image/png", other))
	nb.Cells = append([]*notebook.Cell{
		attach(strings.Repeat("![a](attachment:a.png) ", 300), "a.png"),
		attach("![b](attachment:b.png) ![c](attachment:c.png)", "b.png", "c.png"),
	}, nb.Cells...)
	v := mustView(t, nb, ViewOptions{Name: "p"})
	data, _ := base64.StdEncoding.DecodeString(dot)
	otherData, _ := base64.StdEncoding.DecodeString(other)
	want := []string{contentPath("p_files", data, ".png"), contentPath("p_files", otherData, ".png")}
	var got []string
	for _, f := range v.Files {
		got = append(got, f.Path)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("files %q, want %q", got, want)
	}
	if n := strings.Count(v.Blocks[0].Text, "](p_files/"); n != 300 {
		t.Errorf("%d of 300 links point at the file", n)
	}
	if !strings.Contains(v.Blocks[1].Text, "![b]("+want[0]+") ![c]("+want[0]+")") {
		t.Errorf("second cell: %q", v.Blocks[1].Text)
	}
	var images []string
	for _, b := range v.Blocks {
		if b.Kind == KindImage {
			images = append(images, b.File)
		}
	}
	if !reflect.DeepEqual(images, []string{want[0], want[0], want[1]}) {
		t.Errorf("image blocks show %q", images)
	}
	again := mustView(t, nb, ViewOptions{Name: "p"})
	if !reflect.DeepEqual(again.Files, v.Files) {
		t.Error("a second render names the files otherwise")
	}
}
