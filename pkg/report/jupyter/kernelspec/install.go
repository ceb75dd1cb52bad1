package kernelspec

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// Install writes the kernel spec s as the kernel s.Name in the kernels
// folder of the Jupyter data folder dataDir (UserDataDir() when empty),
// replacing a kernel of that name there, and returns the kernel's folder.
// kernel.json is written to a temporary file and renamed into place, so
// Jupyter never reads half of it.
func Install(dataDir string, s *Spec) (string, error) {
	if !ValidName(s.Name) {
		return "", fmt.Errorf("kernelspec: %w: kernel name %q", ErrInvalid, s.Name)
	}
	if len(s.Argv) == 0 {
		return "", fmt.Errorf("kernelspec: %w: kernel %q has no command line", ErrInvalid, s.Name)
	}
	if dataDir == "" {
		d, err := UserDataDir()
		if err != nil {
			return "", err
		}
		dataDir = d
	}
	dir := filepath.Join(dataDir, "kernels", s.Name)
	data, err := json.MarshalIndent(file{
		Argv: s.Argv, DisplayName: s.DisplayName, Language: s.Language,
		InterruptMode: s.InterruptMode, Env: s.Env,
	}, "", " ")
	if err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".kernel-*.json")
	if err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	defer os.Remove(tmp.Name()) // nothing left after the rename
	_, err = tmp.Write(append(data, '\n'))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, FileName))
	}
	if err != nil {
		return "", fmt.Errorf("kernelspec: install %s: %w", s.Name, err)
	}
	return dir, nil
}
