// Package corpus finds the corpus of real notebooks that the report
// packages' tests render: shared/corpus, which CI clones beside the
// repository and a developer's machine keeps above the checkout, or the
// folder $GRUNDY_CORPUS names.
package corpus

import (
	"os"
	"path/filepath"
)

// Dir returns the folder of the corpus: $GRUNDY_CORPUS if set, else the
// first shared/corpus folder in the working directory or a folder above
// it, else "".
func Dir() string {
	if d := os.Getenv("GRUNDY_CORPUS"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		if info, err := os.Stat(filepath.Join(dir, "shared", "corpus")); err == nil && info.IsDir() {
			return filepath.Join(dir, "shared", "corpus")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
