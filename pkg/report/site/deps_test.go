package site

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNoKernelClient: writing a site reads the run records that execution
// wrote (package runrecord), not the Jupyter client, so a program that
// only renders notebooks already run builds without it.
func TestNoKernelClient(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/grundylab/grundy/pkg/report/site").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/grundylab/grundy/pkg/report/runrecord") {
		t.Fatalf("go list named %d packages, without runrecord: %q", len(deps), deps)
	}
	for _, dep := range deps {
		if strings.HasPrefix(dep, "github.com/grundylab/grundy/pkg/report/jupyter/") || strings.HasPrefix(dep, "github.com/go-zeromq/") {
			t.Errorf("package site imports %s, of the Jupyter client", dep)
		}
	}
}
