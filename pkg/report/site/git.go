package site

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// gitFile is what git knows of a notebook's file.
type gitFile struct {
	// Rel is the file's path from the repository's top folder, with '/'.
	Rel string
	// Commit is the short hash of the last commit that changed the file
	// and Date that commit's date; "" and zero when it was never
	// committed.
	Commit string
	Date   time.Time
	// Modified reports that the file differs from HEAD's, or is not in
	// HEAD.
	Modified bool
}

// gitTimeout bounds each git command, so that a repository on a slow or
// stuck file system costs a page its dates, not the build.
const gitTimeout = 10 * time.Second

// gitConfig turns off what a repository's own configuration could make
// git run while it reads: a file system monitor and signature checks.
// The repository may have come with the notebooks, from anyone.
var gitConfig = []string{"-c", "core.fsmonitor=false", "-c", "log.showSignature=false", "--no-pager"}

// gitInfo returns what git knows of the file at path, asking git in the
// file's folder; ok is false when git is not installed or the file is in
// no repository. git runs without a shell, the file named after "--" or
// in a revision, so a name cannot be read as an option; and whether the
// file changed is told by hashing it as it is (hash-object --no-filters)
// rather than by git status, which would run the repository's filters.
func gitInfo(ctx context.Context, git, path string) (gitFile, bool) {
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	run := func(args ...string) (string, bool) {
		cctx, cancel := context.WithTimeout(ctx, gitTimeout)
		defer cancel()
		cmd := exec.CommandContext(cctx, git, append(gitConfig, args...)...)
		cmd.Dir = dir
		cmd.Env = append(cmd.Environ(), "GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0")
		var out bytes.Buffer
		cmd.Stdout = &out
		if cmd.Run() != nil {
			return "", false
		}
		return strings.TrimSuffix(out.String(), "\n"), true
	}
	prefix, ok := run("rev-parse", "--show-prefix")
	if !ok {
		return gitFile{}, false
	}
	f := gitFile{Rel: prefix + name, Modified: true}
	if log, ok := run("log", "-1", "--no-show-signature", "--format=%h%x00%cI", "--", name); ok && log != "" {
		hash, date, _ := strings.Cut(log, "\x00")
		f.Commit = hash
		// In local time, as a file's date is.
		if d, err := time.Parse(time.RFC3339, date); err == nil {
			f.Date = d.Local()
		}
	}
	if f.Commit == "" {
		return f, true
	}
	committed, ok := run("rev-parse", "--verify", "--quiet", "HEAD:./"+name)
	if !ok {
		return f, true // deleted in HEAD and written again
	}
	now, ok := run("hash-object", "--no-filters", "--", name)
	f.Modified = !ok || now != committed
	return f, true
}
