package site

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/grundylab/grundy/pkg/report"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/runrecord"
)

// provenance says how the page of the notebook at path was made: from
// git (g, when inGit), the run its Executor recorded in nb, and the
// site's settings. It names no folder of this machine: the notebook is
// named from its repository's top folder, or by its file name.
func (s *Site) provenance(path string, nb *notebook.Notebook, g gitFile, inGit bool) *report.Provenance {
	p := &report.Provenance{Notebook: filepath.Base(path)}
	if inGit {
		p.Notebook, p.InRepository, p.Commit, p.Modified = g.Rel, true, g.Commit, g.Modified
	}
	args := []string{cmp.Or(s.Program, "render")}
	if s.Executor == nil {
		p.Stored = true
		args = append(args, "-execute", "never")
	} else if run, ok := runrecord.Of(nb); ok {
		p.Kernel, p.KernelVersion = run.Implementation, run.ImplementationVersion
		p.Language, p.LanguageVersion = run.Language, run.LanguageVersion
		p.GoNB = run.GoNB
		p.Ran, p.Duration = run.Start, run.Duration
		if run.AllowErrors {
			args = append(args, "-allow-errors")
		}
		for _, param := range run.Params {
			p.Params = append(p.Params, param.String())
			args = append(args, "-p", shellQuote(param.String()))
		}
	}
	file := p.Notebook
	if strings.HasPrefix(file, "-") {
		file = "./" + file // not a flag
	}
	p.Command = strings.Join(append(args, shellQuote(file)), " ")
	return p
}

// shellQuote quotes s as one word for a POSIX shell: as it is when it
// holds only characters no shell treats specially, else in single quotes,
// or, when it holds a control character (which could not be typed or
// copied), in Bash's $'...' with escapes.
func shellQuote(s string) string {
	plain := s != ""
	control := false
	for _, r := range s {
		switch {
		case r < 0x20 || r >= 0x7f && r < 0xa0 || r == '\u2028' || r == '\u2029':
			control = true
			plain = false
		case !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r)):
			plain = false
		}
	}
	switch {
	case plain:
		return s
	case !control:
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for _, r := range s {
		switch {
		case r == '\\' || r == '\'':
			b.WriteString(`\` + string(r))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0 || r == '\u2028' || r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString("'")
	return b.String()
}
