package gonb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
)

// Module paths of the tools, and the packages built from them.
const (
	GoNBModule      = "github.com/janpfeifer/gonb"
	ToolsModule     = "golang.org/x/tools"
	goimportsPkg    = ToolsModule + "/cmd/goimports"
	toolsFolderName = "tools"
)

// Tools are GoNB and goimports built for one module, and the go command
// that built them.
type Tools struct {
	Dir       string // Dir is the cache folder holding the two programs.
	GoNB      string // GoNB is the path of the gonb program.
	Goimports string // Goimports is the path of the goimports program.
	Go        string // Go is the path of the go command.
	// Version is the GoNB module version, such as "v0.10.11".
	Version string
	// Key names the build: GoNB and x/tools versions and the Go version.
	// Dir ends with it.
	Key string
	// Built reports whether Provision built the programs rather than
	// finding them in the cache.
	Built bool
	// Pinned reports that the versions are render's own (see Pinned),
	// since no module that requires GoNB holds the notebooks.
	Pinned bool
}

// DefaultCacheDir returns the folder where Provision keeps its builds when
// the caller names none: grundy in the user's cache folder.
func DefaultCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("gonb: %w", err)
	}
	return filepath.Join(dir, "grundy"), nil
}

// Provision returns GoNB and goimports at the versions the Go module in
// moduleDir requires (for example through go.mod tool lines), or, when
// moduleDir is empty or its module does not require GoNB, at the versions
// this program was built with (see Pinned). It builds them with `go build`
// into cacheDir/tools/KEY when they are not there yet, so a machine needs
// nothing but Go: inside the module, or in a module it generates for the
// pinned versions. KEY holds both module versions and the Go version, so
// a new pin or a new Go builds afresh. An empty cacheDir means
// DefaultCacheDir. A line saying that a build starts, and the build's
// output, go to log, which may be nil.
func Provision(ctx context.Context, moduleDir, cacheDir string, log io.Writer) (*Tools, error) {
	goCmd, err := findGo()
	if err != nil {
		return nil, err
	}
	if cacheDir == "" {
		if cacheDir, err = DefaultCacheDir(); err != nil {
			return nil, err
		}
	}
	if err := os.MkdirAll(filepath.Join(cacheDir, toolsFolderName), 0o755); err != nil {
		return nil, fmt.Errorf("gonb: %w", err)
	}
	v, err := resolve(ctx, goCmd, moduleDir)
	if err != nil {
		return nil, err
	}
	// The Go version is asked where the build runs, outside any module
	// and workspace for the pinned versions, since a go.mod's toolchain
	// line may choose another Go.
	where, env := moduleDir, os.Environ()
	if v.pinned {
		where, env = cacheDir, generatedEnv()
	}
	goVersion, err := output(ctx, goCmd, where, env, "env", "GOVERSION")
	if err != nil {
		return nil, err
	}
	key := "gonb-" + v.gonb + "_tools-" + v.tools + "_" + goVersion + "_" + runtime.GOOS + "-" + runtime.GOARCH
	dir := filepath.Join(cacheDir, toolsFolderName, key)
	t := &Tools{
		Dir:       dir,
		GoNB:      filepath.Join(dir, "gonb"+exeSuffix),
		Goimports: filepath.Join(dir, "goimports"+exeSuffix),
		Go:        goCmd,
		Version:   v.gonb,
		Key:       key,
		Pinned:    v.pinned,
	}
	if !v.local && checkSums(dir) == nil {
		return t, nil
	}
	unlock, err := lockFile(ctx, dir+".lock")
	if err != nil {
		return nil, fmt.Errorf("gonb: lock the tools cache: %w", err)
	}
	defer unlock()
	// Another process may have built them while this one waited.
	bad := checkSums(dir)
	if !v.local && bad == nil {
		return t, nil
	}
	if _, err := os.Stat(dir); log != nil && !v.local && err == nil {
		fmt.Fprintf(log, "the cached GoNB build in %s is not as it was built (%v)\n", dir, bad)
	}
	if log != nil {
		fmt.Fprintf(log, "building GoNB %s and goimports (x/tools %s) with %s into the cache, once (a minute or two)\n", v.gonb, v.tools, goVersion)
	}
	if v.pinned {
		err = buildPinned(ctx, goCmd, v, dir, log)
	} else {
		err = build(ctx, goCmd, moduleDir, os.Environ(), dir, log)
	}
	if err != nil {
		return nil, err
	}
	t.Built = true
	return t, nil
}

// versions are the GoNB and x/tools versions a build uses.
type versions struct {
	gonb, tools string
	local       bool // local reports that a module is replaced by a folder.
	pinned      bool // pinned reports render's own versions, from Pinned.
	deps        map[string]string
}

// resolve returns the versions the module in moduleDir requires, or the
// pinned ones when moduleDir is empty or its module does not require GoNB.
func resolve(ctx context.Context, goCmd, moduleDir string) (versions, error) {
	if moduleDir != "" {
		mods, err := listModules(ctx, goCmd, moduleDir, GoNBModule, ToolsModule)
		if err != nil {
			return versions{}, err
		}
		gonbMod, toolsMod := mods[GoNBModule], mods[ToolsModule]
		if gonbMod.known() && toolsMod.known() {
			return versions{
				gonb: gonbMod.version(), tools: toolsMod.version(),
				local: gonbMod.localReplace() || toolsMod.localReplace(),
			}, nil
		}
	}
	gonbVersion, toolsVersion, deps := Pinned()
	return versions{gonb: gonbVersion, tools: toolsVersion, pinned: true, deps: deps}, nil
}

// build builds both programs, in the module in moduleDir, into a fresh
// folder beside dir, records their hashes there and renames it into
// place, so a build that fails or races with another leaves no half
// folder behind, and a program changed later is found and built again.
func build(ctx context.Context, goCmd, moduleDir string, env []string, dir string, log io.Writer) error {
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".build-")
	if err != nil {
		return fmt.Errorf("gonb: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := run(ctx, goCmd, moduleDir, env, log, "build", "-o", tmp+string(filepath.Separator), GoNBModule, goimportsPkg); err != nil {
		return err
	}
	if err := recordSums(tmp); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("gonb: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another process may have put a complete build there first.
		if checkSums(dir) == nil {
			return nil
		}
		return fmt.Errorf("gonb: %w", err)
	}
	return nil
}

// run runs the go command in dir, its output going to log and, when it
// fails, into the error.
func run(ctx context.Context, goCmd, dir string, env []string, log io.Writer, args ...string) error {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir, cmd.Env = dir, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if log != nil {
		cmd.Stdout, cmd.Stderr = io.MultiWriter(&out, log), io.MultiWriter(&out, log)
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gonb: go %s in %s: %w\n%s", strings.Join(args, " "), dir, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// module is what `go list -m -json` says about a module.
type module struct {
	Path    string
	Version string
	Replace *module
	Dir     string
	Error   *struct{ Err string }
}

func (m *module) version() string {
	if m.Replace != nil {
		if m.Replace.Version != "" {
			return m.Replace.Version
		}
		return "local"
	}
	return m.Version
}

// known reports whether the module is in the build list with a version.
func (m *module) known() bool {
	return m != nil && m.Error == nil && m.version() != ""
}

// localReplace reports whether the module is replaced by a folder, whose
// content no version names.
func (m *module) localReplace() bool {
	return m.Replace != nil && m.Replace.Version == ""
}

// listModules asks the go command which versions of the modules the module
// in dir requires; a module it does not require is missing or has an
// Error.
func listModules(ctx context.Context, goCmd, dir string, paths ...string) (map[string]*module, error) {
	args := append([]string{"list", "-m", "-json", "-e"}, paths...)
	out, err := output(ctx, goCmd, dir, os.Environ(), args...)
	if err != nil {
		return nil, err
	}
	mods := map[string]*module{}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var m module
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("gonb: go list -m: %w", err)
		}
		mods[m.Path] = &m
	}
	return mods, nil
}

// output runs the go command in dir with the environment env and returns
// its trimmed standard output.
func output(ctx context.Context, goCmd, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("gonb: go %s in %s: %w\n%s", strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// ModuleRoot returns the root folder of the Go module holding dir, or ""
// when there is none.
func ModuleRoot(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD in %s: %w", dir, err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", nil
	}
	return filepath.Dir(gomod), nil
}

// findGo returns the path of the go command: the one on PATH, or the one
// in $GOROOT/bin.
func findGo() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return filepath.Abs(p)
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go"+exeSuffix)
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", errors.New("gonb: the go command is not on PATH (nor in $GOROOT/bin)")
}

func isExecutable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && (runtime.GOOS == "windows" || fi.Mode().Perm()&0o111 != 0)
}

// Env returns the environment for the kernel: the current one with the
// tools' folder and the go command's folder first on PATH, since GoNB runs
// go and goimports by name, and with GOFLAGS as KernelGoflags makes it.
func (t *Tools) Env() []string {
	path := t.Dir + string(os.PathListSeparator) + filepath.Dir(t.Go)
	env := make([]string, 0, len(os.Environ())+2)
	goflags := ""
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case strings.EqualFold(k, "PATH"):
			if v != "" {
				path += string(os.PathListSeparator) + v
			}
			continue
		case k == "GOFLAGS":
			goflags = v
			continue
		}
		env = append(env, kv)
	}
	return append(env, "PATH="+path, "GOFLAGS="+KernelGoflags(goflags))
}

// KernelGoflags returns the GOFLAGS of the kernel's go commands: goflags,
// the user's, with -ldflags=-s added unless they set -ldflags themselves.
// GoNB builds and links a program for every cell, to run once and never
// debug, and linking is the larger part of a cell's build: for a cell of
// this project's notebooks, without the symbol table and DWARF, it took
// about a third less CPU time (1.0 s against 0.7 s). A panic's trace
// still names its file and line (GoNB maps them to the cell's), since the
// runtime reads them from tables -s keeps. A notebook's own %goflags
// comes after GOFLAGS on go build's command line, and so prevails.
func KernelGoflags(goflags string) string {
	for _, f := range strings.Fields(goflags) {
		name, _, _ := strings.Cut(strings.TrimLeft(strings.Trim(f, `'"`), "-"), "=")
		if name == "ldflags" {
			return goflags
		}
	}
	if goflags = strings.TrimSpace(goflags); goflags != "" {
		return goflags + " -ldflags=-s"
	}
	return "-ldflags=-s"
}

// Spec returns the kernel spec that runs GoNB with dir as its working
// directory (so GONB_DIR is dir), plain-text errors (--raw_error), interrupts
// by message as GoNB's own kernel spec says, and a private temporary folder.
func (t *Tools) Spec(dir string) kernel.Spec {
	return kernel.Spec{
		Argv:          []string{t.GoNB, "--kernel", kernel.ConnectionFileArg, "--raw_error"},
		Dir:           dir,
		Env:           t.Env(),
		InterruptMode: "message",
		PrivateTemp:   true,
	}
}

// KernelSpec returns the kernel spec that lets Jupyter run this GoNB as the
// kernel "gonb", as `gonb --install` would write it, but with the tools'
// folder and the go command's first on PATH (Jupyter expands ${PATH} when
// it starts the kernel), so that goimports need not be installed.
func (t *Tools) KernelSpec() *kernelspec.Spec {
	sep := string(os.PathListSeparator)
	return &kernelspec.Spec{
		Name:          "gonb",
		Argv:          []string{t.GoNB, "--kernel", kernel.ConnectionFileArg},
		DisplayName:   "Go (gonb)",
		Language:      "go",
		InterruptMode: "message",
		Env:           map[string]string{"PATH": t.Dir + sep + filepath.Dir(t.Go) + sep + "${PATH}"},
	}
}

// ID returns Key, which names GoNB's build, for cache keys.
func (t *Tools) ID() string { return t.Key }

// IsFailureReport is IsExitReport: GoNB replies "ok" to a cell whose
// program failed, and reports the failure on standard error.
func (t *Tools) IsFailureReport(stderr string) bool { return IsExitReport(stderr) }

// Start starts a GoNB kernel whose working directory is dir.
func (t *Tools) Start(ctx context.Context, dir string, opts *kernel.Options) (*kernel.Kernel, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("gonb: %w", err)
	}
	k, err := kernel.Start(ctx, t.Spec(abs), opts)
	if err != nil {
		return nil, fmt.Errorf("gonb: start GoNB %s in %s: %w", t.Version, abs, err)
	}
	return k, nil
}
