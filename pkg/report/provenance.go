package report

import (
	"fmt"
	"strings"
	"time"
	"unicode"
)

// Provenance says how a writeup was made, so that a reader can make it
// again: from which notebook at which commit, by which kernel, when, with
// which parameters, and the command that does it. Every text in it may
// come from the notebook or its kernel, so writers escape all of it.
type Provenance struct {
	// Notebook is the notebook's path as Command names it: from the top
	// folder of its git repository when InRepository, else its file name.
	Notebook     string
	InRepository bool
	// Commit is the short hash of the last commit that changed the
	// notebook; "" when the file is in no repository or was never
	// committed.
	Commit string
	// Modified reports that the file differs from what was committed,
	// or, with no Commit but InRepository, that it was never committed.
	Modified bool
	// Stored reports that the outputs are the ones stored in the
	// notebook: no code of it was run to make the writeup.
	Stored bool
	// Kernel and KernelVersion name the kernel that ran the notebook, as
	// its kernel_info_reply does; Language and LanguageVersion its
	// language. GoNB is the GoNB module version, for a Go notebook run in
	// GoNB.
	Kernel, KernelVersion     string
	Language, LanguageVersion string
	GoNB                      string
	// Ran is when the run started, Duration how long it took; Ran is zero
	// when no code ran.
	Ran      time.Time
	Duration time.Duration
	// Params are the parameters the run overrode, as NAME=VALUE.
	Params []string
	// Command is the command line that makes the writeup again, quoted
	// for a POSIX shell, run from the repository's top folder when
	// InRepository, else from the notebook's folder.
	Command string
}

// A ProvenanceItem is one line of a Provenance as a reader sees it: a
// label and a text made of parts, each plain text or code (a path, a hash,
// a command). No part holds a line break or other control character.
type ProvenanceItem struct {
	Label string
	Parts []ProvenancePart
}

// A ProvenancePart is a piece of a ProvenanceItem's text.
type ProvenancePart struct {
	Text string
	Code bool
}

// ProvenanceTitle introduces a Provenance on a page or in a post.
const ProvenanceTitle = "How this was made"

// Items returns the lines a writer shows for the provenance, in order:
// the notebook and its commit, the kernel, the run, the parameters and
// the command. Both writers show the same words.
func (p *Provenance) Items() []ProvenanceItem {
	var items []ProvenanceItem
	add := func(label string, parts ...ProvenancePart) {
		for i := range parts {
			parts[i].Text = oneLine(parts[i].Text)
		}
		items = append(items, ProvenanceItem{Label: label, Parts: parts})
	}
	text := func(s string) ProvenancePart { return ProvenancePart{Text: s} }
	code := func(s string) ProvenancePart { return ProvenancePart{Text: s, Code: true} }

	nb := []ProvenancePart{code(p.Notebook)}
	switch {
	case p.Commit != "" && p.Modified:
		nb = append(nb, text(" at commit "), code(p.Commit), text(", with changes not committed"))
	case p.Commit != "":
		nb = append(nb, text(" at commit "), code(p.Commit))
	case p.InRepository:
		nb = append(nb, text(" (not committed)"))
	}
	add("Notebook", nb...)
	if p.Stored {
		add("Outputs", text("as stored in the notebook; none of its code was run to make this page"))
	} else if k := p.kernelText(); k != "" {
		add("Kernel", text(k))
	}
	if !p.Ran.IsZero() {
		add("Run", text(p.Ran.UTC().Format("2006-01-02 15:04 UTC")+", took "+readableDuration(p.Duration)))
	}
	if len(p.Params) > 0 {
		var parts []ProvenancePart
		for i, param := range p.Params {
			if i > 0 {
				parts = append(parts, text(", "))
			}
			parts = append(parts, code(param))
		}
		add("Parameters", parts...)
	}
	if p.Command != "" {
		where := " (in the notebook's folder)"
		if p.InRepository {
			where = " (from the repository's top folder)"
		}
		add("Reproduce", code(p.Command), text(where))
	}
	return items
}

// kernelText names the kernel and its language with their versions:
// "GoNB v0.10.11, Go go1.26.0", "ipykernel 6.29.5, python 3.11.2".
func (p *Provenance) kernelText() string {
	kernel := strings.TrimSpace(p.Kernel + " " + p.KernelVersion)
	if p.GoNB != "" {
		kernel = "GoNB " + p.GoNB
	}
	lang := strings.TrimSpace(p.Language + " " + p.LanguageVersion)
	if p.GoNB != "" && p.Language == "go" {
		lang = strings.TrimSpace("Go " + p.LanguageVersion)
	}
	switch {
	case kernel == "":
		return lang
	case lang == "" || lang == kernel:
		return kernel
	}
	return kernel + ", " + lang
}

// readableDuration writes a duration as a reader reads it: "0.4 s", "12.3 s",
// "3 min 12 s", "2 h 5 min".
func readableDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%d min %d s", d/time.Minute, d%time.Minute/time.Second)
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%d h %d min", d/time.Hour, d%time.Hour/time.Minute)
}

// oneLine replaces line breaks and other control characters with U+FFFD,
// so that a text from a file name or a kernel cannot end a line of
// Markdown, or a code span, and start markup of its own.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}
