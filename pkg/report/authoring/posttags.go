package authoring

import (
	"strconv"
	"strings"
)

// The post's formulas carry their numbers as MathJax reads them: a blog's
// MathJax numbers no equation by itself (autoNumber "none", its default)
// or numbers AMS environments from its own count (autoNumber "AMS"),
// which leaves out the equations the document numbers with \tag. Either
// way it would show other numbers than the page and the references. So
// each number is written as \tag, which MathJax shows under both
// settings, and a label given outside the TeX, Quarto's "{#eq-x}" or
// MyST's :label:, as \label beside it, so that an \eqref inside another
// formula reads the number and links to it.

// labelTeX returns \label{label} for a label tex does not name itself,
// "" otherwise.
func labelTeX(tex, label string) string {
	if label == "" || !ValidLabel(label) {
		return ""
	}
	for _, m := range texLabels.FindAllStringSubmatch(tex, -1) {
		if m[1] == label {
			return ""
		}
	}
	return `\label{` + label + `}`
}

// tagRows returns tex with its numbered equations tagged, numbers from
// first+1 on, as package mathml numbers them: each row of an align,
// gather, alignat, eqnarray or flalign, and each equation or multline as
// a whole, at the top level of the formula, unstarred, unless \notag,
// \nonumber or its own \tag; label, if not "", is named beside the first
// number. It returns the count of numbers given.
func tagRows(tex string, first int, label string) (string, int) {
	type insert struct {
		at   int
		text string
	}
	var (
		inserts  []insert
		envs     []string // the environments open, outermost first
		braces   int
		numbered bool // the current row of the open top environment
		byRows   bool
		count    int
	)
	endRow := func(at int) {
		for at > 0 && strings.IndexByte(" \t\r\n", tex[at-1]) >= 0 {
			at-- // the tag ends the row's text, not the line after it
		}
		if numbered {
			count++
			text := `\tag{` + strconv.Itoa(first+count) + `}`
			if count == 1 {
				text += label
			}
			inserts = append(inserts, insert{at, text})
		}
	}
	for i := 0; i < len(tex); i++ {
		switch tex[i] {
		case '%':
			if nl := strings.IndexByte(tex[i:], '\n'); nl >= 0 {
				i += nl
			} else {
				i = len(tex)
			}
			continue
		case '{':
			braces++
			continue
		case '}':
			braces--
			continue
		case '\\':
		default:
			continue
		}
		start := i
		j := i + 1
		for j < len(tex) && (tex[j] >= 'a' && tex[j] <= 'z' || tex[j] >= 'A' && tex[j] <= 'Z') {
			j++
		}
		if j == i+1 && j < len(tex) {
			j++ // a control symbol: \\, \{, \%
		}
		name := tex[i+1 : j]
		i = j - 1
		top := len(envs) == 1 && braces == 0
		switch name {
		case "begin", "end":
			env, after, ok := envName(tex, j)
			if !ok {
				continue
			}
			i = after - 1
			if name == "begin" {
				envs = append(envs, env)
				base, starred := strings.CutSuffix(env, "*")
				if len(envs) == 1 && braces == 0 {
					byRows = rowEnvironments[base]
					numbered = !starred && (byRows || base == "equation" || base == "multline")
				}
				continue
			}
			if len(envs) == 0 {
				return tex, 0
			}
			if len(envs) == 1 && braces == 0 {
				endRow(start)
				numbered = false
			}
			envs = envs[:len(envs)-1]
		case `\`:
			if top && byRows {
				endRow(start)
				base, starred := strings.CutSuffix(envs[0], "*")
				numbered = rowEnvironments[base] && !starred
			}
		case "notag", "nonumber", "tag":
			if top {
				numbered = false
			}
		}
	}
	if count == 0 {
		return tex, 0
	}
	var b strings.Builder
	last := 0
	for _, in := range inserts {
		b.WriteString(tex[last:in.at])
		b.WriteString(in.text)
		last = in.at
	}
	b.WriteString(tex[last:])
	return b.String(), count
}

// rowEnvironments are the AMS environments whose rows are numbered one
// by one.
var rowEnvironments = map[string]bool{"align": true, "gather": true, "alignat": true, "eqnarray": true, "flalign": true}

// maxEnvName bounds the length of an environment's name, braces
// included.
const maxEnvName = 64

// envName reads the braced name of an environment after \begin or \end,
// at tex[i:], returning it and where it ends.
func envName(tex string, i int) (string, int, bool) {
	for i < len(tex) && (tex[i] == ' ' || tex[i] == '\t' || tex[i] == '\n') {
		i++
	}
	if i >= len(tex) || tex[i] != '{' {
		return "", i, false
	}
	// A name is short: looking no further keeps a formula of many
	// unclosed names linear.
	end := strings.IndexByte(tex[i:min(len(tex), i+maxEnvName)], '}')
	if end < 0 {
		return "", i, false
	}
	return strings.TrimSpace(tex[i+1 : i+end]), i + end + 1, true
}
