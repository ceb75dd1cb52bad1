package report

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report/frontmatter"
	"github.com/grundylab/grundy/pkg/report/notebook"
	"github.com/grundylab/grundy/pkg/report/plaintext"
)

// DateLayout is the layout of dates in front matter, as Hexo writes them.
const DateLayout = "2006-01-02 15:04:05"

// dateLayouts are the layouts of the metadata "date" read as a string.
var dateLayouts = []string{
	DateLayout, time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04",
	"2006-01-02", "2006/01/02", "2006-01", "2006", time.RFC1123Z, time.RFC1123, time.RFC850,
	time.ANSIC, "January 2, 2006", "Jan 2, 2006", "2 January 2006", "02 Jan 2006",
}

// MaxSummary is the length in bytes past which a summary is cut at a
// word and ends in "…".
const MaxSummary = 400

// Meta describes a writeup: what goes into a post's front matter and the
// site index.
type Meta struct {
	Title   string
	Date    time.Time
	Authors []string
	Tags    []string
	// Summary is plain text: the metadata's description, else the first
	// paragraph (or block, such as a callout) of the notebook's text, as
	// the reader sees it: markup removed (formulas kept as $TeX$),
	// references and citations as their text, "Figure 1", "(Knuth
	// 1984)". It holds no HTML.
	Summary string
	// Image is the writeup's image for a preview card (Open Graph's
	// og:image), from the metadata's image or thumbnail: the path of its
	// copy among the view's files ("name_files/…png"); "" for none.
	Image string
}

// metaOf returns the metadata of a notebook from, in increasing order of
// precedence, the defaults (the first heading, else name; modTime; the
// first paragraph), the notebook metadata (nbformat's title and authors,
// and title, date, author(s), tags (or keywords, or categories), description
// (else subtitle, abstract or summary), as Jupytext,
// MyST and Jupyter Book write them) and front, the fields of the YAML
// front matter of cell fm (Quarto's and MyST's; nil and -1 when there is
// none). A field of an unexpected type gives a warning and the best value
// that can be made of it. The fields are read first; the text, in one
// pass, only for what they leave out.
func metaOf(nb *notebook.Notebook, front map[string]any, fm int, name string, modTime time.Time) (Meta, summarySource, []Warning) {
	fields := map[string]any{}
	for k, raw := range nb.Metadata {
		var v any
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if d.Decode(&v) == nil {
			fields[strings.ToLower(k)] = v
		}
	}
	for k, v := range front {
		fields[strings.ToLower(k)] = v
	}
	var warns []Warning
	warn := func(format string, args ...any) {
		warns = append(warns, Warning{Msg: "metadata: " + fmt.Sprintf(format, args...)})
	}
	m := Meta{Date: modTime}
	if v, ok := fields["title"]; ok {
		m.Title = plainValue(v)
		if _, isString := v.(string); !isString {
			warn("title %s is not a string; read as %q", short(v), m.Title)
		}
	}
	if v, ok := fields["date"]; ok {
		if d, err := dateValue(v); err == nil {
			m.Date = d
		} else {
			warn("date %s: %v; the file's date is used", short(v), err)
		}
	}
	for _, key := range []string{"authors", "author"} {
		if v, ok := fields[key]; ok {
			m.Authors = listValue(v)
			break
		}
	}
	for _, key := range []string{"tags", "keywords", "categories"} {
		if v, ok := fields[key]; ok {
			m.Tags = listValue(v)
			break
		}
	}
	summary := ""
	for _, key := range []string{"description", "subtitle", "abstract", "summary"} {
		if v, ok := fields[key]; ok {
			if summary = plainValue(v); summary != "" {
				break
			}
		}
	}
	fromText := summary == ""
	if m.Title == "" || fromText {
		heading, para := textDefaults(nb, fm, m.Title == "", fromText)
		m.Title = cmp.Or(m.Title, heading, name)
		if fromText {
			summary = para
		}
	}
	m.Summary = summaryText(summary, fromText, nil)
	m.Title = strings.Join(strings.Fields(plaintext.Clean(m.Title)), " ")
	return m, summarySource{markdown: summary, fromText: fromText}, warns
}

// DateOf returns the date a notebook's front matter, else its metadata,
// gives it, as NewView reads it into Meta.Date; false when neither gives
// one that reads as a date. It lets a site order notebooks by date before
// it renders them.
func DateOf(nb *notebook.Notebook) (time.Time, bool) {
	_, front, _ := frontmatter.Find(nb)
	for k, v := range front {
		if strings.EqualFold(k, "date") {
			d, err := dateValue(v)
			return d, err == nil
		}
	}
	for k, raw := range nb.Metadata {
		if !strings.EqualFold(k, "date") {
			continue
		}
		var v any
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if d.Decode(&v) == nil {
			t, err := dateValue(v)
			return t, err == nil
		}
	}
	return time.Time{}, false
}

// short formats a metadata value for a warning.
func short(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

// plainValue returns a metadata value as one line of text: a string as it
// is, a number in decimal, a list joined by ", ", an object by its "name"
// or "text"; "" for anything else.
func plainValue(v any) string {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(v)
	case json.Number:
		return v.String()
	case int, int64, float64, bool:
		return fmt.Sprint(v)
	case time.Time:
		return v.Format(DateLayout)
	case []any:
		return strings.Join(listValue(v), ", ")
	case map[string]any:
		for _, k := range []string{"name", "text", "title", "literal"} {
			if s := plainValue(v[k]); s != "" {
				return s
			}
		}
	}
	return ""
}

// listValue returns a metadata value as a list of strings: a list of
// values (strings, or objects such as nbformat's {"name": ...} authors),
// or one string split at commas.
func listValue(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			if s := plainValue(e); s != "" {
				out = append(out, s)
			}
		}
	case string:
		for part := range strings.SplitSeq(v, ",") {
			if part = strings.TrimSpace(part); part != "" {
				out = append(out, part)
			}
		}
	default:
		if s := plainValue(v); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// dateValue reads a date: a string in one of dateLayouts, a number of
// seconds (or, past the year 5000, milliseconds) since 1970 as Jupytext
// and MyST may write, or a YAML timestamp.
func dateValue(v any) (time.Time, error) {
	switch v := v.(type) {
	case time.Time:
		return v, nil
	case json.Number:
		f, err := v.Float64()
		if err != nil {
			return time.Time{}, fmt.Errorf("not a number")
		}
		return unixTime(f)
	case int:
		return unixTime(float64(v))
	case float64:
		return unixTime(v)
	case string:
		s := strings.TrimSpace(v)
		for _, layout := range dateLayouts {
			if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
				return t, nil
			}
		}
		return time.Time{}, fmt.Errorf("not a date like %q", DateLayout)
	}
	return time.Time{}, fmt.Errorf("not a date")
}

const maxUnixSeconds = 95617584000 // 5000-01-01

func unixTime(f float64) (time.Time, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= maxUnixSeconds*1000 {
		return time.Time{}, fmt.Errorf("time %v out of range", f)
	}
	if math.Abs(f) >= maxUnixSeconds {
		f /= 1000
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9)).In(time.Local), nil
}

var atxHeading = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)

// markdownLines calls f for each line of the shown markdown cells outside
// fenced code, but the front matter cell skip, until f returns false.
func markdownLines(nb *notebook.Notebook, skip int, f func(line string) bool) {
	for i, c := range nb.Cells {
		if c == nil || i == skip {
			continue
		}
		if shown, _ := Shown(c); c.Type != notebook.Markdown || !shown {
			continue
		}
		fence := ""
		sc := bufio.NewScanner(strings.NewReader(c.Source))
		sc.Buffer(nil, len(c.Source)+1)
		for sc.Scan() {
			line := sc.Text()
			trimmed := strings.TrimSpace(line)
			switch {
			case fence != "":
				if strings.HasPrefix(trimmed, fence) {
					fence = ""
				}
				continue
			case strings.HasPrefix(trimmed, "```"), strings.HasPrefix(trimmed, "~~~"):
				fence = trimmed[:3]
				continue
			}
			if !f(line) {
				return
			}
		}
		if !f("") { // a cell ends a paragraph
			return
		}
	}
}

// textDefaults returns what the notebook's text gives a writeup that its
// fields do not, reading the shown markdown cells once and only as far
// as it must: if wantTitle, the plain text of the first ATX heading of
// level 1 to 3, or of its first heading of any level when it has none of
// those (a licence line or a course banner in a small heading above the
// real title does not become the title), outside Quarto's and MyST's
// blocks (a callout's, a tab's or a theorem's heading names no page); if
// wantPara, the first paragraph of text, as Markdown: lines up to a blank
// line, or a whole block in colons (a callout, an admonition, a theorem),
// skipping headings, HTML, lists, quotes, tables and their captions,
// MyST's targets, display math and paragraphs with no text (a lone
// image).
func textDefaults(nb *notebook.Notebook, fm int, wantTitle, wantPara bool) (string, string) {
	var first, title string
	var lines []string
	inMath := false
	depth := 0 // the blocks in colons open, ":::"
	titleDone, paraDone := !wantTitle, !wantPara
	// heading and paragraph each read one line and say whether they are
	// done.
	heading := func(line string) bool {
		m := atxHeading.FindStringSubmatch(line)
		if m == nil || m[2] == "" {
			return false
		}
		// The whole line, so that an attribute block ("{#sec-intro}") is
		// read as the heading's, not as its text.
		text := plaintext.Of(line)
		if first == "" {
			first = text
		}
		if len(m[1]) <= 3 && text != "" {
			title = text
			return true
		}
		return false
	}
	// hasText reports whether the lines read so far show any text: an
	// image's attributes, "![](f.png){#fig-x}", are none.
	hasText := func() bool {
		return plaintext.Of(imageAttributes.ReplaceAllString(strings.Join(lines, "\n"), ")")) != ""
	}
	paragraph := func(line string, opens, closes bool) bool {
		t := strings.TrimSpace(line)
		switch {
		case inMath:
			t = mathLabel.ReplaceAllString(t, "")
			inMath = !(strings.HasSuffix(t, "$$") || strings.HasSuffix(t, `\]`))
			return false
		case opens && len(lines) > 0 && depth == 1:
			return true // a block ends the paragraph before it
		case depth > 0 || closes:
			// A block is read whole, blank lines and all, as the
			// summary when it shows text.
			lines = append(lines, line)
			if depth == 0 && !hasText() {
				lines = lines[:0]
			}
			return depth == 0 && len(lines) > 0
		case target.MatchString(t):
			return len(lines) > 0
		}
		if strings.HasPrefix(t, "$$") || strings.HasPrefix(t, `\[`) {
			if len(lines) > 0 {
				return true
			}
			t = mathLabel.ReplaceAllString(t, "")
			closed := len(t) > 2 && (strings.HasSuffix(t, "$$") || strings.HasSuffix(t, `\]`))
			inMath = !closed
			return false
		}
		if t == "" {
			if len(lines) > 0 && !hasText() {
				lines = lines[:0] // only images or markup: no summary
			}
			return len(lines) > 0
		}
		if len(lines) == 0 && (atxHeading.MatchString(line) || strings.ContainsAny(t[:1], "<>|-*+=#") || numbered.MatchString(t) || tableCaption.MatchString(t)) {
			return false
		}
		lines = append(lines, t)
		return false
	}
	inFloat := false // in a float div, a figure or a table, which is no summary
	markdownLines(nb, fm, func(line string) bool {
		m := colonFence.FindStringSubmatch(line)
		opens, closes := m != nil && m[1] != "", m != nil && m[1] == "" && depth > 0
		if opens {
			depth++
		}
		if closes {
			depth--
		}
		if opens && depth == 1 && floatFence.MatchString(m[1]) {
			inFloat = true
			// It ends the paragraph before it.
			paraDone = paraDone || len(lines) > 0 && hasText()
		}
		if inFloat {
			inFloat = depth > 0
			return !titleDone || !paraDone
		}
		titleDone = titleDone || depth == 0 && m == nil && heading(line)
		paraDone = paraDone || paragraph(line, opens, closes)
		return !titleDone || !paraDone
	})
	return cmp.Or(title, first), strings.Join(lines, "\n")
}

// colonFence matches a line that opens or closes a block in colons,
// Quarto's div or MyST's directive: what follows the colons, "" on a
// line that closes one.
var colonFence = regexp.MustCompile(`^ {0,3}:{3,}[ \t]*(.*?)[ \t]*$`)

// floatFence matches the attributes of Quarto's float div, a figure, a
// table or a listing: "{#fig-x}".
var floatFence = regexp.MustCompile(`^\{\s*#(?:fig|tbl|lst)-`)

// imageAttributes matches the attributes after an image or a link,
// Pandoc's "){#fig-x width=50%}".
var imageAttributes = regexp.MustCompile(`\)\{[^{}\n]*\}`)

// target matches MyST's target line, "(label)=".
var target = regexp.MustCompile(`^\([^()\s]+\)=$`)

// tableCaption matches Pandoc's table caption, ": Caption" or "Table:
// Caption".
var tableCaption = regexp.MustCompile(`^(?::|Table:)\s`)

// mathLabel matches the label after a displayed formula's closing
// dollars, Quarto's "{#eq-x}" or MyST's "(label)".
var mathLabel = regexp.MustCompile(`[ \t]*(?:\{#[^{}]*\}|\([^()\s]+\))$`)

var numbered = regexp.MustCompile(`^\d+[.)]\s`)
