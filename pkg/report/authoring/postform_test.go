package authoring

import (
	"strings"
	"testing"
)

// TestListTablePost: a list table's post form is a pipe table whose
// cells keep their references resolved and their code as code, each
// cell on one line of its row; a table without a title is "Table N".
func TestListTablePost(t *testing.T) {
	src := "(tgt)=\n## Target\n\n" +
		"``````{list-table}\n:header-rows: 1\n\n* - Syntax\n  - Note\n* - ```md\n    (target)=\n    a | b\n    ```\n  - See {ref}`tgt` and *this*.\n``````\n"
	x := NewIndex()
	x.Markdown(1, src)
	if w := x.Check(); len(w) > 0 {
		t.Fatalf("warnings %v", w)
	}
	post := string(Post([]byte(src), &Blocks{}, &Refs{Index: x}))
	want := "**Table 1**\n\n| Syntax | Note |\n| --- | --- |\n| <code>(target)=<br>a &#124; b</code> | See [Target](#tgt) and *this*. |\n"
	if !strings.Contains(post, want) {
		t.Errorf("post\n%s\nwant it to hold\n%s", post, want)
	}
}

// TestListTableLosesNothing: a list table whose cell's HTML block runs
// past the fence, taking the Markdown after it, as Jupyter Book's cheat
// sheet has ("- <p> This is a paragraph </p>"), is written as its list:
// the sections after it stay in the post.
func TestListTableLosesNothing(t *testing.T) {
	src := "``````{list-table}\n* - a\n  - <p> P </p>\n``````\n\n## Links\n\nThe text after.\n"
	post := string(Post([]byte(src), &Blocks{}))
	for _, want := range []string{"<p> P </p>", "## Links", "The text after."} {
		if !strings.Contains(post, want) {
			t.Errorf("post lacks %q:\n%s", want, post)
		}
	}
}
