package execute

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// renderingModules are the modules of the rendering stack: Markdown,
// HTML, MathML, sanitising, highlighting and plotting.
var renderingModules = []string{
	"github.com/yuin/goldmark",
	"golang.org/x/net/html",
	"github.com/wyatt915/treeblood",
	"github.com/microcosm-cc/bluemonday",
	"github.com/alecthomas/chroma",
	"gonum.org/v1/plot",
	"github.com/grundylab/grundy/pkg/report/htmlpage",
	"github.com/grundylab/grundy/pkg/report/markdown",
	"github.com/grundylab/grundy/pkg/report/mathml",
	"github.com/grundylab/grundy/pkg/report/sanitize",
	"github.com/grundylab/grundy/pkg/report/plot",
}

// TestNoRenderingStack: a program that only runs notebooks (the Jupyter
// client, this package among it) builds without the rendering stack and
// without the reader's view, which imports all of it.
func TestNoRenderingStack(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/grundylab/grundy/pkg/report/jupyter/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 || !slices.Contains(deps, "github.com/grundylab/grundy/pkg/report/terminal") {
		t.Fatalf("go list named %d packages, not the client's: %q", len(deps), deps)
	}
	for _, dep := range deps {
		if dep == "github.com/grundylab/grundy/pkg/report" {
			t.Errorf("the Jupyter client imports the reader's view, package report")
		}
		for _, m := range renderingModules {
			if dep == m || strings.HasPrefix(dep, m+"/") {
				t.Errorf("the Jupyter client imports %s (of %s)", dep, m)
			}
		}
	}
}
