package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDir(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a/shared/corpus", "a/b/c", "a/b/shared", "x/shared/corpus-not", "x/y"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "x", "shared", "corpus"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// What the folders above root hold is the machine's; a folder that
	// finds nothing of its own finds what root finds.
	t.Setenv("GRUNDY_CORPUS", "")
	t.Chdir(root)
	above := Dir()
	tests := []struct {
		name, env, wd, want string
	}{
		{"in the folder", "", "a", "a/shared/corpus"},
		{"above, past a shared without corpus", "", "a/b/c", "a/shared/corpus"},
		{"a file named corpus is none", "", "x/y", above},
		{"the variable first", "/elsewhere", "a/b/c", "/elsewhere"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GRUNDY_CORPUS", tt.env)
			t.Chdir(filepath.Join(root, filepath.FromSlash(tt.wd)))
			want := tt.want
			if want != "" && !filepath.IsAbs(want) {
				want = filepath.Join(root, filepath.FromSlash(want))
			}
			if got := Dir(); got != want {
				t.Errorf("Dir() = %q, want %q", got, want)
			}
		})
	}
}
