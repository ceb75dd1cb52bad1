package kernelspec

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Dirs returns the folders where Jupyter looks for kernels, first the one
// that wins, as jupyter_core's jupyter_path("kernels") and jupyter_client's
// KernelSpecManager compute them from the environment (see the package
// documentation). Folders that do not exist are listed too.
func Dirs() []string {
	var data []string
	// JUPYTER_PATH's folders come first; an empty entry names none (for
	// Jupyter it would be the working directory's kernels folder, which a
	// notebook's author could fill).
	for _, d := range filepath.SplitList(os.Getenv("JUPYTER_PATH")) {
		if d = strings.TrimRight(d, string(filepath.Separator)); d != "" {
			data = append(data, d)
		}
	}
	var user []string
	if d, err := UserDataDir(); err == nil {
		user = append(user, d)
	}
	if base := userBase(); base != "" {
		if d := filepath.Join(base, "share", "jupyter"); !slices.Contains(user, d) {
			user = append(user, d)
		}
	}
	system := systemDirs()
	var env []string
	for _, prefix := range []string{os.Getenv("VIRTUAL_ENV"), os.Getenv("CONDA_PREFIX")} {
		if prefix == "" {
			continue
		}
		if d := filepath.Join(prefix, "share", "jupyter"); !slices.Contains(system, d) && !slices.Contains(env, d) {
			env = append(env, d)
		}
	}
	if envSet("JUPYTER_PREFER_ENV_PATH") {
		data = append(append(data, env...), user...)
	} else {
		data = append(append(data, user...), env...)
	}
	data = append(data, system...)
	dirs := make([]string, 0, len(data)+1)
	for _, d := range data {
		dirs = append(dirs, filepath.Join(d, "kernels"))
	}
	// jupyter_client adds IPython's own folder last.
	if d := ipythonDir(); d != "" {
		dirs = append(dirs, filepath.Join(d, "kernels"))
	}
	return dirs
}

// UserDataDir returns the user's Jupyter data folder: JUPYTER_DATA_DIR,
// else ~/Library/Jupyter on macOS, %APPDATA%\jupyter on Windows, and
// $XDG_DATA_HOME/jupyter (by default ~/.local/share/jupyter) elsewhere.
// Its kernels subfolder is where `jupyter kernelspec install --user`
// and Install put kernels.
func UserDataDir() (string, error) {
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return d, nil
	}
	if runtime.GOOS == "windows" {
		if d := os.Getenv("APPDATA"); d != "" {
			return filepath.Join(d, "jupyter"), nil
		}
	}
	home := userHome()
	switch {
	case home == "":
		return "", errors.New("kernelspec: no home folder for Jupyter's data folder (set JUPYTER_DATA_DIR)")
	case runtime.GOOS == "darwin":
		return filepath.Join(home, "Library", "Jupyter"), nil
	case runtime.GOOS == "windows":
		return filepath.Join(home, ".jupyter", "data"), nil
	}
	xdg := os.Getenv("XDG_DATA_HOME")
	if xdg == "" {
		xdg = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(xdg, "jupyter"), nil
}

// userBase returns Python's user base (site.getuserbase()) where Python
// keeps the user's packages, whose share/jupyter Jupyter searches: none
// inside a virtual environment, which leaves the user's packages out.
func userBase() string {
	if os.Getenv("VIRTUAL_ENV") != "" {
		return ""
	}
	if d := os.Getenv("PYTHONUSERBASE"); d != "" {
		return d
	}
	if runtime.GOOS == "windows" {
		if d := os.Getenv("APPDATA"); d != "" {
			return filepath.Join(d, "Python")
		}
		return ""
	}
	if home := userHome(); home != "" {
		return filepath.Join(home, ".local")
	}
	return ""
}

// systemDirs returns Jupyter's system-wide data folders.
func systemDirs() []string {
	if runtime.GOOS == "windows" {
		if d := os.Getenv("PROGRAMDATA"); d != "" {
			return []string{filepath.Join(d, "jupyter")}
		}
		return nil
	}
	return []string{"/usr/local/share/jupyter", "/usr/share/jupyter"}
}

// ipythonDir returns IPython's folder: IPYTHONDIR, else ~/.ipython.
func ipythonDir() string {
	if d := os.Getenv("IPYTHONDIR"); d != "" {
		return d
	}
	if home := userHome(); home != "" {
		return filepath.Join(home, ".ipython")
	}
	return ""
}

// envSet reports whether the variable is set to something other than a
// "no", as jupyter_core's envset reads it.
func envSet(name string) bool {
	v, ok := os.LookupEnv(name)
	if !ok {
		return false
	}
	switch strings.ToLower(v) {
	case "no", "n", "false", "off", "0", "0.0":
		return false
	}
	return true
}
