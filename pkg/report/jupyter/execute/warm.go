package execute

import (
	"context"
	"os"
	"os/exec"
	"sync"
)

// warmth is what the Executor has compiled into the Go build cache for
// one module: the import paths warmed, and a lock that holds the other
// notebooks of the module until a warm-up ends.
type warmth struct {
	mu   sync.Mutex
	done map[string]bool
}

// warm compiles the packages that imports name (with their dependencies)
// into the Go build cache, with `go build -o /dev/null` in the module at
// root, before a notebook's kernel starts: each package once per
// Executor. GoNB would compile them at the notebook's first cell, but two
// kernels started side by side on an empty cache would each compile the
// same packages at once, since the go command shares no work between
// processes; a warm-up holds the module's other notebooks until it ends,
// and they find the packages compiled. The build's outcome does not
// matter: a package that does not build fails in its cell, with GoNB's
// message. Only import paths are built, as importDigest lists them. warm
// returns the paths it built, for tests.
func (e *Executor) warm(ctx context.Context, root string, imports []string) []string {
	if root == "" {
		return nil
	}
	e.mu.Lock()
	if e.warmed == nil {
		e.warmed = map[string]*warmth{}
	}
	w := e.warmed[root]
	if w == nil {
		w = &warmth{done: map[string]bool{}}
		e.warmed[root] = w
	}
	e.mu.Unlock()
	w.mu.Lock()
	defer w.mu.Unlock()
	var todo []string
	for _, p := range listable(imports) {
		if !w.done[p] {
			w.done[p] = true
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 || ctx.Err() != nil {
		return nil
	}
	cmd := exec.CommandContext(ctx, "go", append([]string{"build", "-o", os.DevNull, "--"}, todo...)...)
	cmd.Dir = root
	cmd.Run()
	return todo
}
