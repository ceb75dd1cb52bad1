package kernelspec

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
)

// FileName is the name of a kernel spec's description in its folder.
const FileName = "kernel.json"

// maxFileSize bounds the kernel.json read: real ones are a few hundred
// bytes, and a folder on the search path is no reason to read gigabytes.
const maxFileSize = 1 << 20

// Sentinel errors wrapped by the errors of this package.
var (
	// ErrNotFound means no kernel folder has a kernel of that name.
	ErrNotFound = errors.New("kernel not installed")
	// ErrInvalid means a kernel.json, or a kernel name, cannot be used.
	ErrInvalid = errors.New("invalid kernel spec")
)

// A Spec is an installed kernel: its kernel.json and the folder holding it.
type Spec struct {
	// Name is the kernel's name: its folder's name in lower case.
	Name string
	// ResourceDir is the folder holding kernel.json (and the kernel's
	// logos), which "{resource_dir}" in Argv stands for.
	ResourceDir string
	// Argv is the command line that starts the kernel; "{connection_file}"
	// in it stands for the connection file's path.
	Argv []string
	// DisplayName is the name Jupyter shows.
	DisplayName string
	// Language is the language of the kernel's code, such as "python".
	Language string
	// InterruptMode is "signal" (SIGINT, the default) or "message"
	// (interrupt_request).
	InterruptMode string
	// Env holds variables added to the kernel's environment; "$NAME" and
	// "${NAME}" in a value stand for the current environment's NAME.
	Env map[string]string

	data []byte // data is kernel.json as read.
}

// file is kernel.json as Jupyter's kernel spec format defines it.
type file struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode,omitempty"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata,omitempty"`
}

// kernelName matches the kernel names Jupyter accepts (letters, digits,
// ".", "_" and "-", in any case); "." and ".." are refused besides, since
// a name from a notebook must never climb out of a kernels folder.
var kernelName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// ValidName reports whether name can name a kernel.
func ValidName(name string) bool {
	return kernelName.MatchString(name) && name != "." && name != ".."
}

// Parse reads the content of a kernel.json found in the folder dir, the
// spec of the kernel name. An error wraps ErrInvalid and says what is
// wrong: not JSON, no command line, an unknown interrupt mode.
func Parse(name, dir string, data []byte) (*Spec, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("kernelspec: %s: %w: %w", filepath.Join(dir, FileName), ErrInvalid, err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("kernelspec: %s: %w: %s", filepath.Join(dir, FileName), ErrInvalid, fmt.Sprintf(format, args...))
	}
	switch {
	case len(f.Argv) == 0 || f.Argv[0] == "":
		return nil, bad("argv names no program")
	case f.InterruptMode != "" && f.InterruptMode != "signal" && f.InterruptMode != "message":
		return nil, bad("interrupt_mode %q (want signal or message)", f.InterruptMode)
	}
	return &Spec{
		Name:          strings.ToLower(name),
		ResourceDir:   dir,
		Argv:          f.Argv,
		DisplayName:   f.DisplayName,
		Language:      f.Language,
		InterruptMode: f.InterruptMode,
		Env:           f.Env,
		data:          data,
	}, nil
}

// Read reads the kernel spec in the folder dir, named after the folder.
func Read(dir string) (*Spec, error) {
	f, err := os.Open(filepath.Join(dir, FileName))
	if err != nil {
		return nil, fmt.Errorf("kernelspec: %w", err)
	}
	defer f.Close()
	data, err := boundedfile.Read(f, maxFileSize)
	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
		return nil, fmt.Errorf("kernelspec: %s: %w: %w", f.Name(), ErrInvalid, e)
	}
	if err != nil {
		return nil, fmt.Errorf("kernelspec: %w", err)
	}
	return Parse(filepath.Base(dir), dir, data)
}

// kernelDirs returns the kernel folders in the kernels folder dir, by
// name in lower case, as Jupyter lists them: subfolders holding a
// kernel.json. A folder that cannot be read has none.
func kernelDirs(dir string) map[string]string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if isKernelDir(path) {
			out[strings.ToLower(e.Name())] = path
		}
	}
	return out
}

// isKernelDir reports whether path is a folder (or a link to one) holding
// a kernel.json file.
func isKernelDir(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return false
	}
	fi, err = os.Stat(filepath.Join(path, FileName))
	return err == nil && fi.Mode().IsRegular()
}

// Find returns the kernel spec of the kernel name (in any case) from the
// first of Dirs() that has it.
func Find(name string) (*Spec, error) {
	return FindIn(Dirs(), name)
}

// FindIn returns the kernel spec of the kernel name (in any case) from the
// first of the kernels folders dirs that has it. The name is compared with
// the folders' entries, never joined to a path. An error wraps ErrNotFound
// (a *NotFoundError) or ErrInvalid.
func FindIn(dirs []string, name string) (*Spec, error) {
	if !ValidName(name) {
		return nil, fmt.Errorf("kernelspec: %w: kernel name %q (want letters, digits, '.', '_' and '-')", ErrInvalid, name)
	}
	want := strings.ToLower(name)
	for _, dir := range dirs {
		if path, ok := kernelDirs(dir)[want]; ok {
			return Read(path)
		}
	}
	return nil, &NotFoundError{Name: name, Dirs: dirs}
}

// List returns the kernel specs of Dirs() as `jupyter kernelspec list`
// shows them: for each name the first found, sorted by name. A kernel
// folder whose kernel.json cannot be used is left out, and its error
// joins the error returned with the list.
func List() ([]*Spec, error) {
	return ListIn(Dirs())
}

// ListIn is List for the kernels folders dirs.
func ListIn(dirs []string) ([]*Spec, error) {
	seen := map[string]bool{}
	var specs []*Spec
	var errs []error
	for _, dir := range dirs {
		found := kernelDirs(dir)
		names := make([]string, 0, len(found))
		for name := range found {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if seen[name] {
				continue
			}
			seen[name] = true
			s, err := Read(found[name])
			if err != nil {
				errs = append(errs, err)
				continue
			}
			specs = append(specs, s)
		}
	}
	slices.SortFunc(specs, func(a, b *Spec) int { return strings.Compare(a.Name, b.Name) })
	return specs, errors.Join(errs...)
}

// A NotFoundError reports a kernel that no kernels folder has.
type NotFoundError struct {
	Name string   // Name is the kernel asked for.
	Dirs []string // Dirs are the folders searched.
}

// Error names the kernel, the folders searched and how to install it.
func (e *NotFoundError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "kernelspec: %s: no Jupyter kernel %q is installed (searched %s). ", ErrNotFound, e.Name, strings.Join(e.Dirs, ", "))
	b.WriteString(InstallHint(e.Name))
	b.WriteString(" `jupyter kernelspec list` shows the kernels installed.")
	return b.String()
}

// Unwrap returns ErrNotFound.
func (e *NotFoundError) Unwrap() error { return ErrNotFound }

// InstallHint says how to install the kernel name, for an error message.
func InstallHint(name string) string {
	switch n := strings.ToLower(name); {
	case n == "python3" || n == "python" || strings.HasPrefix(n, "python3"):
		return "Install IPython's kernel: `apt-get install python3-ipykernel` on Debian or Ubuntu, or `python3 -m pip install ipykernel && python3 -m ipykernel install --user`."
	case n == "gonb":
		return "Install GoNB's kernel with `render -install-kernel` (or `gonb --install`)."
	case n == "ir":
		return "Install R's kernel: `R -e 'install.packages(\"IRkernel\"); IRkernel::installspec()'`."
	case strings.HasPrefix(n, "julia"):
		return "Install Julia's kernel: `julia -e 'using Pkg; Pkg.add(\"IJulia\")'`."
	}
	return "Install the kernel the notebook's metadata names (metadata.kernelspec.name), or change the notebook's kernel in Jupyter."
}

// userHome returns the user's home folder with links resolved, as
// jupyter_core does.
func userHome() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(home); err == nil {
		return real
	}
	return home
}
