package gonb

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
)

// moduleRoot is the project module, which requires GoNB through tool lines.
const moduleRoot = "../../../.."

func TestIsExitReport(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"exit status 2\n", true},
		{"exit status 1\n", true},
		{"exit status -1\n", true},
		{"^C\nexit status 2\n", true},
		{"signal: killed\n", true},
		{"signal: interrupt\n", true},
		{"signal: segmentation fault (core dumped)\n", true},
		{"^C\nsignal: interrupt\n", true},
		{"exit status 2", false},
		{"the exit status 2\n", false},
		{"exit status 2\nmore\n", false},
		{"exit status two\n", false},
		{"panic: boom\n", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := IsExitReport(tt.text); got != tt.want {
			t.Errorf("IsExitReport(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestEnvPath(t *testing.T) {
	tools := &Tools{Dir: "/cache/tools/k", Go: "/opt/go/bin/go"}
	t.Setenv("PATH", "/usr/bin")
	var path string
	n := 0
	for _, kv := range tools.Env() {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			path = v
			n++
		}
	}
	want := "/cache/tools/k" + string(os.PathListSeparator) + "/opt/go/bin" + string(os.PathListSeparator) + "/usr/bin"
	if n != 1 || path != want {
		t.Errorf("PATH = %q (%d entries), want %q", path, n, want)
	}
	t.Setenv("GOFLAGS", "-buildvcs=false")
	if env := strings.Join(tools.Env(), "\n"); !strings.Contains(env, "\nGOFLAGS=-buildvcs=false -ldflags=-s") || strings.Count(env, "GOFLAGS=") != 1 {
		t.Errorf("Env has not the user's GOFLAGS with -ldflags=-s once:\n%s", env)
	}
	ks := tools.KernelSpec()
	if ks.Name != "gonb" || ks.Language != "go" || ks.InterruptMode != "message" || ks.Argv[0] != tools.GoNB ||
		ks.Env["PATH"] != "/cache/tools/k"+string(os.PathListSeparator)+"/opt/go/bin"+string(os.PathListSeparator)+"${PATH}" {
		t.Errorf("KernelSpec = %+v", ks)
	}
	spec := tools.Spec("/nb")
	if spec.Dir != "/nb" || spec.InterruptMode != "message" || !spec.PrivateTemp ||
		!strings.Contains(strings.Join(spec.Argv, " "), "--kernel "+kernel.ConnectionFileArg+" --raw_error") {
		t.Errorf("Spec = %+v", spec)
	}
}

func TestKernelGoflags(t *testing.T) {
	tests := []struct{ user, want string }{
		{"", "-ldflags=-s"},
		{"-buildvcs=false", "-buildvcs=false -ldflags=-s"},
		{"  -mod=mod  ", "-mod=mod -ldflags=-s"},
		{"-ldflags=-X=main.v=1", "-ldflags=-X=main.v=1"},
		{"--ldflags=-w", "--ldflags=-w"},
		{"-race '-ldflags=-s -w'", "-race '-ldflags=-s -w'"},
		{"-gcflags=-ldflags", "-gcflags=-ldflags -ldflags=-s"},
		{"-ldflagsx=1", "-ldflagsx=1 -ldflags=-s"},
	}
	for _, tt := range tests {
		if got := KernelGoflags(tt.user); got != tt.want {
			t.Errorf("KernelGoflags(%q) = %q, want %q", tt.user, got, tt.want)
		}
	}
}

// TestResolve checks which versions a build uses: the module's, when it
// requires GoNB, else the pinned ones, which are go.mod's.
func TestResolve(t *testing.T) {
	goCmd, err := findGo()
	if err != nil {
		t.Fatal(err)
	}
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "go.mod"), []byte("module example.com/x\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mods, err := listModules(context.Background(), goCmd, moduleRoot, GoNBModule, ToolsModule)
	if err != nil {
		t.Fatal(err)
	}
	if mods[GoNBModule].Version != PinnedGoNB || mods[ToolsModule].Version != PinnedTools {
		t.Errorf("go.mod pins GoNB %s and x/tools %s, but PinnedGoNB is %s and PinnedTools %s",
			mods[GoNBModule].Version, mods[ToolsModule].Version, PinnedGoNB, PinnedTools)
	}
	tests := []struct {
		name, dir string
		pinned    bool
	}{
		{"this module", moduleRoot, false},
		{"a module without GoNB", other, true},
		{"no module", "", true},
	}
	for _, tt := range tests {
		v, err := resolve(context.Background(), goCmd, tt.dir)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if v.pinned != tt.pinned || v.gonb != PinnedGoNB || v.tools != PinnedTools || v.local {
			t.Errorf("%s: %+v", tt.name, v)
		}
	}
}

func TestGeneratedGoMod(t *testing.T) {
	got := generatedGoMod(versions{gonb: "v1.2.3", tools: "v0.4.5", deps: map[string]string{"example.com/b": "v2.0.0", "example.com/a": "v0.1.0"}})
	want := "module grundy.invalid/gonb-tools\n\ngo 1.24\n\nrequire (\n" +
		"\tgithub.com/janpfeifer/gonb v1.2.3\n\tgolang.org/x/tools v0.4.5\n\texample.com/a v0.1.0\n\texample.com/b v2.0.0\n)\n\n" +
		"tool (\n\tgithub.com/janpfeifer/gonb\n\tgolang.org/x/tools/cmd/goimports\n)\n"
	if got != want {
		t.Errorf("generatedGoMod =\n%s\nwant\n%s", got, want)
	}
	t.Setenv("GOFLAGS", "-buildvcs=false")
	t.Setenv("GOWORK", "/somewhere/go.work")
	env := strings.Join(generatedEnv(), "\n")
	if !strings.Contains(env, "\nGOFLAGS=-buildvcs=false -mod=mod") || !strings.Contains(env, "\nGOWORK=off") || strings.Contains(env, "/somewhere") {
		t.Errorf("generatedEnv:\n%s", env)
	}
}

// provision builds the real tools into the shared cache (the first run on a
// machine takes a minute or two) and checks them.
func provision(t *testing.T) *Tools {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs GoNB; skipped in -short mode")
	}
	start := time.Now()
	tools, err := Provision(context.Background(), moduleRoot, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Provision: %v (built: %v) in %s", time.Since(start), tools.Built, tools.Dir)
	return tools
}

func TestProvision(t *testing.T) {
	tools := provision(t)
	out, err := exec.Command(tools.GoNB, "-V").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out)); got != tools.Version || !strings.HasPrefix(got, "v0.") {
		t.Errorf("gonb -V = %q, Version %q", got, tools.Version)
	}
	if !strings.Contains(tools.Key, tools.Version) || filepath.Base(tools.Dir) != tools.Key {
		t.Errorf("Key %q, Dir %q", tools.Key, tools.Dir)
	}
	// The second call finds the build.
	start := time.Now()
	again, err := Provision(context.Background(), moduleRoot, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Built || again.Dir != tools.Dir {
		t.Errorf("second Provision rebuilt (%v) or moved (%s)", again.Built, again.Dir)
	}
	t.Logf("cached Provision: %v", time.Since(start))
}

// TestProvisionBuilds builds into an empty cache folder, which is quick once
// the shared cache above has warmed the Go build cache.
func TestProvisionBuilds(t *testing.T) {
	provision(t)
	cache := t.TempDir()
	tools, err := Provision(context.Background(), moduleRoot, cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !tools.Built || !strings.HasPrefix(tools.Dir, cache) {
		t.Fatalf("Provision into an empty cache: Built %v, Dir %s", tools.Built, tools.Dir)
	}
	entries, err := os.ReadDir(filepath.Dir(tools.Dir))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".build-") {
			t.Errorf("leftover build folder %s", e.Name())
		}
	}
	again, err := Provision(context.Background(), moduleRoot, cache, nil)
	if err != nil || again.Built {
		t.Errorf("second Provision: built %v, %v", again.Built, err)
	}
}

// TestProvisionDamaged cuts a cached gonb short, as a full disk or a
// killed copy leaves it, and changes goimports: before the hashes were
// checked, the cut gonb was started and died with "signal: segmentation
// fault", no rebuild, no hint. Provision now builds both again and says
// why.
func TestProvisionDamaged(t *testing.T) {
	provision(t)
	for _, damage := range []struct {
		file string
		do   func(path string) error
	}{
		{"gonb", func(path string) error { return os.Truncate(path, 1<<20) }},
		{"goimports", func(path string) error {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.Write([]byte{0})
			return err
		}},
		{sumsFile, os.Remove},
	} {
		t.Run(damage.file, func(t *testing.T) {
			cache := t.TempDir()
			tools, err := Provision(context.Background(), moduleRoot, cache, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := damage.do(filepath.Join(tools.Dir, damage.file)); err != nil {
				t.Fatal(err)
			}
			var log strings.Builder
			again, err := Provision(context.Background(), moduleRoot, cache, &log)
			if err != nil {
				t.Fatal(err)
			}
			if !again.Built || !strings.Contains(log.String(), "is not as it was built") {
				t.Errorf("Provision after damage: built %v, log %q", again.Built, log.String())
			}
			if err := checkSums(again.Dir); err != nil {
				t.Error(err)
			}
			out, err := exec.Command(again.GoNB, "-V").Output()
			if err != nil || strings.TrimSpace(string(out)) != again.Version {
				t.Errorf("gonb -V after the rebuild: %q, %v", out, err)
			}
		})
	}
}

// TestProvisionPinned builds the pinned versions for no module, in a
// module generated in an empty cache folder, and checks that they are the
// versions this module builds.
func TestProvisionPinned(t *testing.T) {
	inModule := provision(t)
	cache := t.TempDir()
	start := time.Now()
	tools, err := Provision(context.Background(), "", cache, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("pinned Provision: %v", time.Since(start))
	if !tools.Built || !tools.Pinned || tools.Key != inModule.Key || !strings.HasPrefix(tools.Dir, cache) {
		t.Errorf("pinned build %+v; the module's key is %s", tools, inModule.Key)
	}
	out, err := exec.Command(tools.GoNB, "-V").Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != PinnedGoNB {
		t.Errorf("gonb -V = %q, %v; want %s", got, err, PinnedGoNB)
	}
	if err := exec.Command(tools.Goimports, "-h").Run(); err != nil && !strings.Contains(err.Error(), "exit status 2") {
		t.Errorf("goimports -h: %v", err)
	}
	entries, err := os.ReadDir(filepath.Join(cache, toolsFolderName))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("leftover %s", e.Name())
		}
	}
}

type cellRun struct {
	reply  *kernel.ExecuteReply
	stdout strings.Builder
	stderr []string
}

func execute(t *testing.T, k *kernel.Kernel, code string) *cellRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	r := &cellRun{}
	start := time.Now()
	reply, err := k.Execute(ctx, code, func(m *kernel.Message) {
		if m.Type() != kernel.StreamType {
			return
		}
		var s kernel.Stream
		if m.DecodeContent(&s) == nil {
			if s.Name == "stdout" {
				r.stdout.WriteString(s.Text)
			} else {
				r.stderr = append(r.stderr, s.Text)
			}
		}
	})
	if err != nil {
		t.Fatalf("Execute(%q): %v", code, err)
	}
	t.Logf("cell %q: %v", strings.SplitN(code, "\n", 2)[0], time.Since(start))
	r.reply = reply
	return r
}

// TestGoNB runs real GoNB: the environment it sees, a Go cell, a compile
// error, a run-time failure, and a clean shutdown.
func TestGoNB(t *testing.T) {
	tools := provision(t)
	dir := t.TempDir()
	start := time.Now()
	k, err := tools.Start(context.Background(), dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	t.Logf("kernel start: %v; %+v", time.Since(start), k.Info())
	if info := k.Info(); info.Implementation != "gonb" || info.LanguageInfo.Name != "go" {
		t.Errorf("kernel info %+v", info)
	}

	env := execute(t, k, "!echo \"$GONB_DIR\"; command -v goimports; pwd")
	lines := strings.Split(strings.TrimSpace(env.stdout.String()), "\n")
	realDir, _ := filepath.EvalSymlinks(dir)
	if len(lines) != 3 || (lines[0] != dir && lines[0] != realDir) || lines[1] != tools.Goimports {
		t.Errorf("GONB_DIR, goimports, pwd = %q; want %s, %s", lines, dir, tools.Goimports)
	}

	hello := execute(t, k, "import \"fmt\"\n\nvar N = 6\n\n%%\nfmt.Println(\"N*7 =\", N*7)")
	if got := hello.stdout.String(); got != "N*7 = 42\n" || hello.reply.Status != "ok" {
		t.Errorf("Go cell: %q, %+v", got, hello.reply)
	}

	bad := execute(t, k, "%%\nfmt.Println(undefinedName)")
	if bad.reply.Status != "error" || !strings.Contains(bad.reply.EValue, "undefined: undefinedName") {
		t.Errorf("compile error: %+v", bad.reply)
	}

	panicked := execute(t, k, "%%\npanic(\"boom\")")
	if panicked.reply.Status != "ok" || len(panicked.stderr) == 0 || !IsExitReport(panicked.stderr[len(panicked.stderr)-1]) {
		t.Errorf("panic: reply %+v, stderr %q; want ok and an exit report last", panicked.reply, panicked.stderr)
	}
	if !strings.Contains(strings.Join(panicked.stderr, ""), "panic: boom") {
		t.Errorf("panic text missing from stderr %q", panicked.stderr)
	}
	// The cells' programs are linked without symbol table and DWARF
	// (KernelGoflags), and a panic's trace still names the function, its
	// file and line.
	flags := execute(t, k, "!go env GOFLAGS")
	if got := strings.TrimSpace(flags.stdout.String()); !strings.Contains(" "+got+" ", " -ldflags=-s ") {
		t.Errorf("the kernel's GOFLAGS = %q, want -ldflags=-s among them", got)
	}
	deep := execute(t, k, "func fail(n int) {\n\tif n == 0 {\n\t\tpanic(\"deep\")\n\t}\n\tfail(n - 1)\n}\n\n%%\nfail(2)")
	trace := strings.Join(deep.stderr, "")
	if !regexp.MustCompile(`main\.fail\(.*\)\n\t[^\n]*main\.go:\d+ `).MatchString(trace) || !strings.Contains(trace, "main.main()") {
		t.Errorf("a panic's trace names no function with its file and line:\n%s", trace)
	}

	pid := k.Pid()
	if err := k.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if p, err := os.FindProcess(pid); err == nil && p.Signal(syscall.Signal(0)) == nil {
		t.Errorf("gonb (pid %d) still running", pid)
	}
}
