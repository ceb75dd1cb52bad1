package gonb

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// sumsFile names the file, in a build's folder, that records the SHA-256
// of each program as it was built.
const sumsFile = "SHA256SUMS"

// programs are the files of a build whose hashes are recorded.
var programs = []string{"gonb" + exeSuffix, "goimports" + exeSuffix}

// recordSums writes the hashes of the programs in dir into its sumsFile,
// in the form sha256sum writes and checks.
func recordSums(dir string) error {
	var b strings.Builder
	for _, p := range programs {
		sum, err := fileSum(filepath.Join(dir, p))
		if err != nil {
			return fmt.Errorf("gonb: %w", err)
		}
		fmt.Fprintf(&b, "%s  %s\n", sum, p)
	}
	if err := os.WriteFile(filepath.Join(dir, sumsFile), []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("gonb: %w", err)
	}
	return nil
}

// checkSums returns nil if the programs in dir are executable and match
// the hashes recorded when they were built, else what is wrong: a file cut
// short by a full disk or a killed copy, or changed since, runs as a
// crash with no hint.
func checkSums(dir string) error {
	recorded, err := os.ReadFile(filepath.Join(dir, sumsFile))
	if err != nil {
		return fmt.Errorf("no record of the build's hashes: %w", err)
	}
	for _, p := range programs {
		path := filepath.Join(dir, p)
		if !isExecutable(path) {
			return fmt.Errorf("%s is missing or not executable", p)
		}
		sum, err := fileSum(path)
		if err != nil {
			return err
		}
		if !bytes.Contains(recorded, []byte(sum+"  "+p+"\n")) {
			return fmt.Errorf("%s does not match the hash recorded when it was built", p)
		}
	}
	return nil
}

// fileSum returns the hex SHA-256 of the named file.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
