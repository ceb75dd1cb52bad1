package authoring

import (
	"strings"
	"testing"
)

// TestDownload: {download} links a file inside the notebook's folder as
// a download on the page and as a link in the post; any other path is
// shown as written, marked, and warned of; text is escaped.
func TestDownload(t *testing.T) {
	for _, tt := range []struct{ name, in, page, post, warning string }{
		{"path", "Get {download}`data/table.csv`.", `Get <a class="download" href="data/table.csv" download>table.csv</a>.`, "Get [table.csv](data/table.csv).", ""},
		{"text", "{download}`the *data* <my data.csv>`", `<a class="download" href="my%20data.csv" download>the *data*</a>`, `[the \*data\*](my%20data.csv)`, ""},
		{"climbs", "{download}`../secret.txt`", `<mark class="download-refused" title="only a file inside the notebook's folder is linked">{download}`, `<mark class="download-refused">\{download\}\` + "`../secret.txt\\`</mark>", `download "../secret.txt": only a relative path`},
		{"web", "{download}`x <https://example.org/a.zip>`", `<mark class="download-refused"`, `<mark class="download-refused">`, "only a relative path"},
		{"rooted", "{download}`/etc/passwd`", `<mark class="download-refused"`, `<mark class="download-refused">`, "only a relative path"},
		{"script", "{download}`<script>alert(1)</script> <a.zip>`", `<a class="download" href="a.zip" download>&lt;script&gt;alert(1)&lt;/script&gt;</a>`, `[\<script\>alert(1)\</script\>](a.zip)`, ""},
		{"javascript", "{download}`javascript:alert(1)`", `<mark class="download-refused"`, `<mark class="download-refused">`, "only a relative path"},
		{"in code", "`` {download}`a.zip` ``", "<code>{download}`a.zip`</code>", "`` {download}`a.zip` ``", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, x := page(t, tt.in)
			post := string(Post([]byte(tt.in), &Blocks{}, &Refs{Index: x}))
			if !strings.Contains(out, tt.page) {
				t.Errorf("page lacks\n%s\nin\n%s", tt.page, out)
			}
			if !strings.Contains(post, tt.post) {
				t.Errorf("post lacks\n%s\nin\n%s", tt.post, post)
			}
			var warns []string
			for _, w := range x.Warnings() {
				warns = append(warns, w.Msg)
			}
			all := strings.Join(warns, "\n")
			if tt.warning == "" && all != "" || !strings.Contains(all, tt.warning) {
				t.Errorf("warnings %q, want %q", all, tt.warning)
			}
			if strings.Contains(out, "<script") || strings.Contains(out, `href="javascript`) || strings.Contains(post, "(javascript") {
				t.Errorf("script passes:\n%s\n%s", out, post)
			}
		})
	}
}
