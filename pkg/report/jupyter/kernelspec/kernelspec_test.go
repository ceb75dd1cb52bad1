package kernelspec

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel/kerneltest"
)

func TestMain(m *testing.M) { kerneltest.RunTests(m) }

func TestDirs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the folders below are Linux's")
	}
	home := t.TempDir()
	real, err := filepath.EvalSymlinks(home)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"defaults", nil, []string{
			real + "/.local/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"JUPYTER_PATH first, empty entries skipped", map[string]string{"JUPYTER_PATH": "/a/::/b/"}, []string{
			"/a/kernels", "/b/kernels",
			real + "/.local/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"data dir and user base", map[string]string{"JUPYTER_DATA_DIR": "/d", "PYTHONUSERBASE": "/u", "IPYTHONDIR": "/i"}, []string{
			"/d/kernels", "/u/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			"/i/kernels",
		}},
		{"XDG data home", map[string]string{"XDG_DATA_HOME": "/x"}, []string{
			"/x/jupyter/kernels", real + "/.local/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"virtual environment, no user base", map[string]string{"VIRTUAL_ENV": "/venv"}, []string{
			real + "/.local/share/jupyter/kernels", "/venv/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"environment preferred", map[string]string{"CONDA_PREFIX": "/conda", "JUPYTER_PREFER_ENV_PATH": "1"}, []string{
			"/conda/share/jupyter/kernels", real + "/.local/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"environment preference off", map[string]string{"CONDA_PREFIX": "/conda", "JUPYTER_PREFER_ENV_PATH": "off"}, []string{
			real + "/.local/share/jupyter/kernels", "/conda/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
		{"an environment in /usr is the system's", map[string]string{"VIRTUAL_ENV": "/usr"}, []string{
			real + "/.local/share/jupyter/kernels",
			"/usr/local/share/jupyter/kernels", "/usr/share/jupyter/kernels",
			real + "/.ipython/kernels",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HOME", home)
			for _, v := range []string{"JUPYTER_PATH", "JUPYTER_DATA_DIR", "XDG_DATA_HOME", "VIRTUAL_ENV", "CONDA_PREFIX", "PYTHONUSERBASE", "IPYTHONDIR", "JUPYTER_PREFER_ENV_PATH"} {
				t.Setenv(v, "")
				os.Unsetenv(v)
			}
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			if got := Dirs(); !slices.Equal(got, tt.want) {
				t.Errorf("Dirs() =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestFind(t *testing.T) {
	data := kerneltest.Isolate(t)
	first, second := t.TempDir(), t.TempDir()
	t.Setenv("JUPYTER_PATH", first+string(os.PathListSeparator)+second)
	winner := kerneltest.WriteSpec(t, first+"/kernels", "Fake", `{"argv": ["fake", "{connection_file}"], "display_name": "Fake 1", "language": "fake"}`)
	kerneltest.WriteSpec(t, second+"/kernels", "fake", `{"argv": ["fake2"], "display_name": "Fake 2", "language": "fake"}`)
	kerneltest.WriteSpec(t, second+"/kernels", "other", `{"argv": ["other", "-f", "{connection_file}"], "display_name": "Other", "language": "other", "interrupt_mode": "message"}`)
	kerneltest.WriteSpec(t, data+"/kernels", "broken", `{"argv": [`)
	kerneltest.WriteSpec(t, data+"/kernels", "noargv", `{"display_name": "x"}`)
	kerneltest.WriteSpec(t, data+"/kernels", "badmode", `{"argv": ["x"], "interrupt_mode": "never"}`)
	if err := os.MkdirAll(filepath.Join(second, "kernels", "empty"), 0o755); err != nil { // no kernel.json
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(second, "kernels", "file"), []byte("{}"), 0o644); err != nil { // not a folder
		t.Fatal(err)
	}
	// A kernel.json beside a kernels folder must not be reached by a name
	// that climbs.
	kerneltest.WriteSpec(t, first, "escaped", `{"argv": ["escaped"]}`)

	tests := []struct {
		name    string
		argv0   string
		dir     string
		wantErr error
		errText string
	}{
		{"fake", "fake", winner, nil, ""},
		{"FAKE", "fake", winner, nil, ""},
		{"other", "other", filepath.Join(second, "kernels", "other"), nil, ""},
		{"missing", "", "", ErrNotFound, `no Jupyter kernel "missing" is installed`},
		{"python3.99", "", "", ErrNotFound, "apt-get install python3-ipykernel"},
		{"empty", "", "", ErrNotFound, "jupyter kernelspec list"},
		{"file", "", "", ErrNotFound, ""},
		{"broken", "", "", ErrInvalid, "unexpected end of JSON"},
		{"noargv", "", "", ErrInvalid, "argv names no program"},
		{"badmode", "", "", ErrInvalid, `interrupt_mode "never"`},
		{"..", "", "", ErrInvalid, "kernel name"},
		{".", "", "", ErrInvalid, "kernel name"},
		{"../escaped", "", "", ErrInvalid, "kernel name"},
		{"", "", "", ErrInvalid, "kernel name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Find(tt.name)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || !strings.Contains(err.Error(), tt.errText) {
					t.Fatalf("Find(%q) = %v, want %v with %q", tt.name, err, tt.wantErr, tt.errText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Argv[0] != tt.argv0 || s.ResourceDir != tt.dir || s.Name != strings.ToLower(tt.name) {
				t.Errorf("Find(%q) = %+v, want argv %s in %s", tt.name, s, tt.argv0, tt.dir)
			}
		})
	}

	specs, err := List()
	if err == nil || !errors.Is(err, ErrInvalid) {
		t.Errorf("List error %v, want the broken specs' errors", err)
	}
	// The system's kernels are listed too; those of the test are these.
	var names []string
	for _, s := range specs {
		if strings.HasPrefix(s.ResourceDir, first) || strings.HasPrefix(s.ResourceDir, second) || strings.HasPrefix(s.ResourceDir, data) {
			names = append(names, s.Name+"="+s.Argv[0])
		}
	}
	if want := []string{"fake=fake", "other=other"}; !slices.Equal(names, want) {
		t.Errorf("List() = %q, want %q", names, want)
	}
}

// TestDirsAsJupyter checks Dirs and List against Jupyter's own
// `jupyter kernelspec list` on kernels in every kind of folder; skipped
// where Jupyter is not installed, except in CI, which installs it.
func TestDirsAsJupyter(t *testing.T) {
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI installs jupyter-client, but jupyter is not on PATH")
		}
		t.Skip("jupyter is not installed")
	}
	data := kerneltest.Isolate(t)
	paths := []string{t.TempDir(), t.TempDir()}
	t.Setenv("JUPYTER_PATH", strings.Join(paths, string(os.PathListSeparator)))
	user := filepath.Join(os.Getenv("HOME"), "base")
	t.Setenv("PYTHONUSERBASE", user)
	spec := `{"argv": ["x", "{connection_file}"], "display_name": "X", "language": "x"}`
	kerneltest.WriteSpec(t, paths[0]+"/kernels", "shadow", spec)
	kerneltest.WriteSpec(t, paths[1]+"/kernels", "Shadow", spec)
	kerneltest.WriteSpec(t, paths[1]+"/kernels", "second", spec)
	kerneltest.WriteSpec(t, data+"/kernels", "second", spec)
	kerneltest.WriteSpec(t, data+"/kernels", "user", spec)
	kerneltest.WriteSpec(t, user+"/share/jupyter/kernels", "base", spec)
	kerneltest.WriteSpec(t, user+"/share/jupyter/kernels", "user", spec)

	out, err := exec.Command(jupyter, "kernelspec", "list", "--json").Output()
	if err != nil {
		t.Fatalf("jupyter kernelspec list: %v", err)
	}
	var listed struct {
		Kernelspecs map[string]struct {
			ResourceDir string `json:"resource_dir"`
		}
	}
	if err := json.Unmarshal(out, &listed); err != nil {
		t.Fatalf("jupyter kernelspec list --json: %v\n%s", err, out)
	}
	want := map[string]string{}
	for name, k := range listed.Kernelspecs {
		// Jupyter offers IPython's built-in python3 even where no folder
		// has it; render asks for a kernel spec instead.
		if !strings.Contains(filepath.ToSlash(k.ResourceDir), "ipykernel/resources") {
			want[name] = k.ResourceDir
		}
	}
	specs, err := List()
	if err != nil {
		t.Logf("List: %v", err) // the machine's own kernels may be broken
	}
	got := map[string]string{}
	for _, s := range specs {
		got[s.Name] = s.ResourceDir
	}
	for name, dir := range want {
		if got[name] != dir {
			t.Errorf("kernel %s: Jupyter uses %s, List %q", name, dir, got[name])
		}
	}
	for name, dir := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("kernel %s in %s: List has it, Jupyter does not", name, dir)
		}
	}
	for _, name := range []string{"shadow", "second", "user", "base"} {
		if _, ok := got[name]; !ok {
			t.Errorf("kernel %s missing", name)
		}
	}
}

func TestExpand(t *testing.T) {
	env := map[string]string{"PATH": "/bin", "HOME": "/home/a", "_X1": "x"}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	tests := []struct{ in, want string }{
		{"/tools:${PATH}", "/tools:/bin"},
		{"$HOME/x", "/home/a/x"},
		{"$HOMEx", "$HOMEx"},
		{"${HOME}x", "/home/ax"},
		{"$$HOME", "$HOME"},
		{"$$$HOME", "$/home/a"},
		{"$_X1$", "x$"},
		{"${MISSING}:$MISSING", "${MISSING}:$MISSING"},
		{"${PATH", "${PATH"},
		{"$1", "$1"},
		{"${1X}", "${1X}"},
		{"no dollars", "no dollars"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Expand(tt.in, lookup); got != tt.want {
			t.Errorf("Expand(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzExpand(f *testing.F) {
	for _, s := range []string{"${PATH}", "$HOME/x", "$$", "$", "${", "$a$b${c}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		none := func(string) (string, bool) { return "", false }
		// With nothing to look up only "$$" changes, to "$", read from
		// the left.
		var want strings.Builder
		for i := 0; i < len(s); i++ {
			want.WriteByte(s[i])
			if s[i] == '$' && i+1 < len(s) && s[i+1] == '$' {
				i++
			}
		}
		if got := Expand(s, none); got != want.String() {
			t.Errorf("Expand(%q) = %q, want %q", s, got, want.String())
		}
		empty := func(string) (string, bool) { return "", true }
		if len(Expand(s, empty)) > len(s) {
			t.Errorf("Expand(%q) with empty values grew", s)
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"argv": ["python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"], "display_name": "Python 3", "language": "python", "env": {"A": "$B"}}`))
	f.Add([]byte(`{"argv": []}`))
	f.Add([]byte(`{"argv": ["x"], "interrupt_mode": "message", "metadata": {"debugger": true}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("k", "/dir", data)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("Parse error %v does not wrap ErrInvalid", err)
			}
			return
		}
		if len(s.Argv) == 0 || s.Argv[0] == "" || (s.InterruptMode != "" && s.InterruptMode != "signal" && s.InterruptMode != "message") {
			t.Errorf("Parse accepted %+v", s)
		}
		if len(s.Command()) != len(s.Argv) {
			t.Errorf("Command changed the length of %q", s.Argv)
		}
	})
}

func TestCommandAndEnviron(t *testing.T) {
	t.Setenv("PATH", "/bin")
	t.Setenv("PYTHONEXECUTABLE", "/py")
	t.Setenv("KEEP", "kept")
	s := &Spec{
		Name: "k", ResourceDir: "/kernels/k", Language: "Python",
		Argv: []string{"prog", "{resource_dir}/start.py", "-f", "{connection_file}", "{prefix}"},
		Env:  map[string]string{"PATH": "/k/bin:${PATH}", "KEEP": "$KEEP!"},
	}
	want := []string{"prog", "/kernels/k/start.py", "-f", kernel.ConnectionFileArg, "{prefix}"}
	if got := s.Command(); !slices.Equal(got, want) {
		t.Errorf("Command() = %q, want %q", got, want)
	}
	env := s.Environ()
	count := map[string]int{}
	values := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		count[k]++
		values[k] = v
	}
	if values["PATH"] != "/k/bin:/bin" || values["KEEP"] != "kept!" || count["PATH"] != 1 || count["KEEP"] != 1 {
		t.Errorf("PATH %q KEEP %q (%d, %d entries)", values["PATH"], values["KEEP"], count["PATH"], count["KEEP"])
	}
	if _, ok := values["PYTHONEXECUTABLE"]; ok {
		t.Error("PYTHONEXECUTABLE kept for a Python kernel")
	}
	ks := s.KernelSpec("/nb")
	if ks.Dir != "/nb" || !slices.Equal(ks.Argv, want) || ks.InterruptMode != "" || !ks.PrivateTemp {
		t.Errorf("KernelSpec = %+v", ks)
	}
}

// TestStartFake starts a kernel found through JUPYTER_PATH: this test
// binary, made a fake kernel by the spec's env.
func TestStartFake(t *testing.T) {
	dir := kerneltest.Install(t)
	s, err := Find("fake")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k, err := s.Start(ctx, t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	var out strings.Builder
	reply, err := k.Execute(ctx, "print hello", func(m *kernel.Message) {
		var st kernel.Stream
		if m.Type() == kernel.StreamType && m.DecodeContent(&st) == nil {
			out.WriteString(st.Text)
		}
	})
	if err != nil || reply.Status != "ok" || out.String() != "hello\n" {
		t.Errorf("Execute: %v, %+v, %q", err, reply, out.String())
	}
	id := s.ID()
	if !strings.HasPrefix(id, "kernelspec-fake-") || strings.Contains(id, dir) {
		t.Errorf("ID() = %q", id)
	}
	kerneltest.WriteSpec(t, filepath.Join(dir, "kernels"), "fake", strings.Replace(kerneltest.Spec(t), "Fake", "Fake 2", 1))
	again, err := Find("fake")
	if err != nil {
		t.Fatal(err)
	}
	if again.ID() == id {
		t.Error("ID unchanged by a new kernel.json")
	}
}

func TestInstall(t *testing.T) {
	data := kerneltest.Isolate(t)
	s := &Spec{Name: "gonb", Argv: []string{"/tools/gonb", "--kernel", kernel.ConnectionFileArg}, DisplayName: "Go (gonb)", Language: "go", InterruptMode: "message", Env: map[string]string{"PATH": "/tools:${PATH}"}}
	dir, err := Install("", s)
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(data, "kernels", "gonb") {
		t.Errorf("installed in %s", dir)
	}
	found, err := Find("gonb")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(found.Argv, s.Argv) || found.Language != "go" || found.InterruptMode != "message" || found.Env["PATH"] != "/tools:${PATH}" || found.DisplayName != s.DisplayName {
		t.Errorf("found %+v", found)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("kernel folder holds %d files, want kernel.json alone", len(entries))
	}
	if _, err := Install(data, &Spec{Name: "../x", Argv: []string{"x"}}); !errors.Is(err, ErrInvalid) {
		t.Errorf("Install(../x) = %v", err)
	}
}
