package report

import (
	"bufio"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// DateLayout is the layout of dates in front matter, as Hexo writes them.
const DateLayout = "2006-01-02 15:04:05"

// dateLayouts are the layouts MetaOf accepts for the metadata "date".
var dateLayouts = []string{DateLayout, time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02"}

// ErrMeta is wrapped by MetaOf's errors for metadata of the wrong form.
var ErrMeta = errors.New("bad notebook metadata")

// Meta describes a writeup: what goes into a post's front matter and the
// site index.
type Meta struct {
	Title string
	Date  time.Time
	Tags  []string
	// Summary is the first paragraph of the notebook's text, as Markdown.
	Summary string
}

// MetaOf returns the metadata of a notebook: the title, date and tags from
// the notebook metadata ("title", "date", "tags"), or by default the text of
// the first heading (else name), modTime, and no tags. It returns an error
// wrapping ErrMeta if "title" is not a string or "date" not a date.
func MetaOf(nb *notebook.Notebook, name string, modTime time.Time) (Meta, error) {
	m := Meta{Title: name, Date: modTime, Tags: nb.Metadata.Strings("tags")}
	if _, ok := nb.Metadata["title"]; ok {
		title, ok := nb.Metadata.String("title")
		if !ok {
			return m, fmt.Errorf("%w: title is not a string", ErrMeta)
		}
		m.Title = title
	} else if h := firstHeading(nb); h != "" {
		m.Title = h
	}
	if _, ok := nb.Metadata["date"]; ok {
		s, _ := nb.Metadata.String("date")
		d, err := parseDate(s)
		if err != nil {
			return m, fmt.Errorf("%w: date %s is not a date like %q", ErrMeta, nb.Metadata["date"], DateLayout)
		}
		m.Date = d
	}
	m.Summary = strings.Join(strings.Fields(markdownImage.ReplaceAllString(firstParagraph(nb), "")), " ")
	return m, nil
}

func parseDate(s string) (time.Time, error) {
	var err error
	for _, layout := range dateLayouts {
		var t time.Time
		if t, err = time.ParseInLocation(layout, strings.TrimSpace(s), time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, err
}

var atxHeading = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)

// markdownLines calls f for each line of the markdown cells outside fenced
// code, until f returns false.
func markdownLines(nb *notebook.Notebook, f func(line string) bool) {
	for _, c := range nb.Cells {
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

// firstHeading returns the text of the first ATX heading of the notebook's
// markdown cells, or "".
func firstHeading(nb *notebook.Notebook) string {
	var title string
	markdownLines(nb, func(line string) bool {
		if m := atxHeading.FindStringSubmatch(line); m != nil && m[2] != "" {
			title = m[2]
			return false
		}
		return true
	})
	return title
}

// firstParagraph returns the first paragraph of plain text of the
// notebook's markdown cells: lines up to a blank line, skipping headings,
// HTML, lists, quotes, tables and display math.
func firstParagraph(nb *notebook.Notebook) string {
	var para []string
	inMath := false
	markdownLines(nb, func(line string) bool {
		t := strings.TrimSpace(line)
		if inMath {
			inMath = !(strings.HasSuffix(t, "$$") || strings.HasSuffix(t, `\]`))
			return true
		}
		if strings.HasPrefix(t, "$$") || strings.HasPrefix(t, `\[`) {
			if len(para) > 0 {
				return false
			}
			closed := len(t) > 2 && (strings.HasSuffix(t, "$$") || strings.HasSuffix(t, `\]`))
			inMath = !closed
			return true
		}
		if t == "" {
			return len(para) == 0
		}
		if len(para) == 0 && (atxHeading.MatchString(line) || strings.ContainsAny(t[:1], "<>|-*+=#") || startsNumbered(t)) {
			return true
		}
		para = append(para, t)
		return true
	})
	return strings.Join(para, " ")
}

// markdownImage matches an inline image, which a summary leaves out.
var markdownImage = regexp.MustCompile(`!\[[^\]]*\]\([^)]*\)`)

var numbered = regexp.MustCompile(`^\d+[.)]\s`)

func startsNumbered(s string) bool { return numbered.MatchString(s) }
