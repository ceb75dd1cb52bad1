package gonb

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
)

// The versions of GoNB and x/tools that this module's go.mod pins (its
// tool lines); a test keeps them equal to go.mod's.
const (
	PinnedGoNB  = "v0.10.11"
	PinnedTools = "v0.52.0"
)

// Pinned returns the versions of GoNB and x/tools for notebooks that no
// module requiring GoNB holds: those this program was built with when its
// build information lists them, else PinnedGoNB and PinnedTools. deps
// holds the versions of every other module the program was built with, by
// path, which the build of GoNB takes as its least versions, so that the
// modules GoNB shares with this program are the same.
func Pinned() (gonbVersion, toolsVersion string, deps map[string]string) {
	gonbVersion, toolsVersion = PinnedGoNB, PinnedTools
	deps = map[string]string{}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return gonbVersion, toolsVersion, deps
	}
	for _, d := range info.Deps {
		// A module replaced by a folder has no version to require.
		if d.Replace != nil || d.Version == "" || d.Version == "(devel)" {
			continue
		}
		switch d.Path {
		case GoNBModule:
			gonbVersion = d.Version
		case ToolsModule:
			toolsVersion = d.Version
		default:
			deps[d.Path] = d.Version
		}
	}
	return gonbVersion, toolsVersion, deps
}

// generatedModule is the module path of the module buildPinned writes; the
// .invalid top-level domain is reserved, so it names nothing real.
const generatedModule = "grundy.invalid/gonb-tools"

// generatedGoMod returns the go.mod of a module that requires GoNB and
// x/tools at the versions v and the other modules at v.deps, with tool
// lines for gonb and goimports.
func generatedGoMod(v versions) string {
	var b strings.Builder
	fmt.Fprintf(&b, "module %s\n\ngo 1.24\n\nrequire (\n", generatedModule)
	fmt.Fprintf(&b, "\t%s %s\n\t%s %s\n", GoNBModule, v.gonb, ToolsModule, v.tools)
	paths := make([]string, 0, len(v.deps))
	for p := range v.deps {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%s %s\n", p, v.deps[p])
	}
	fmt.Fprintf(&b, ")\n\ntool (\n\t%s\n\t%s\n)\n", GoNBModule, goimportsPkg)
	return b.String()
}

// generatedEnv is the environment of the go command in a generated
// module: no workspace, and go.mod and go.sum may be updated.
func generatedEnv() []string {
	env := make([]string, 0, len(os.Environ())+2)
	flags := "-mod=mod"
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "GOWORK":
			continue
		case "GOFLAGS":
			flags = strings.TrimSpace(v + " " + flags)
			continue
		}
		env = append(env, kv)
	}
	return append(env, "GOWORK=off", "GOFLAGS="+flags)
}

// buildPinned builds the programs at the pinned versions v into dir: it
// writes a module requiring them into a temporary folder beside dir, lets
// `go mod tidy` complete its requirements and go.sum (through the module
// proxy, as any build of a module does), and builds there.
func buildPinned(ctx context.Context, goCmd string, v versions, dir string, log io.Writer) error {
	mod, err := os.MkdirTemp(filepath.Dir(dir), ".module-")
	if err != nil {
		return fmt.Errorf("gonb: %w", err)
	}
	defer os.RemoveAll(mod)
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte(generatedGoMod(v)), 0o644); err != nil {
		return fmt.Errorf("gonb: %w", err)
	}
	env := generatedEnv()
	if err := run(ctx, goCmd, mod, env, log, "mod", "tidy"); err != nil {
		return err
	}
	return build(ctx, goCmd, mod, env, dir, log)
}
