package authoring_test

import (
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/report/authoring"
	"github.com/grundylab/grundy/pkg/report/internal/golden"
	"github.com/grundylab/grundy/pkg/report/markdown"
)

// TestPostSurvivesSanitiser checks that the post form of every golden
// case is left as it is by the post's sanitiser: nothing in it is taken
// for unsafe markup.
func TestPostSurvivesSanitiser(t *testing.T) {
	cases, err := golden.Read(filepath.Join("testdata", "blocks.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		post := string(authoring.Post([]byte(c.Input), &authoring.Blocks{}))
		if got := markdown.SanitizeDocument(post); got != post {
			t.Errorf("case %d (%s): the sanitiser changes the post:\n%s\nto\n%s", c.No, c.Description, post, got)
		}
	}
}
