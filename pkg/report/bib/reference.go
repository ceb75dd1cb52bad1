package bib

import "strconv"

// bibEntry lays out one reference as the style's bibliography layout
// does, macro by macro, for the types a BibTeX file has: the creators (or
// the title standing in), the date and the title, then each part below,
// and a final period.
func (s *Styler) bibEntry(w *work, names string) frag {
	date := plain(w.year + s.yearSuffix[w])
	if w.year == "" {
		date = plain("n.d." + s.yearSuffix[w])
	}
	title := s.title(w, MaxFieldSize)
	head := join(". ", plain(names), date, title)
	if names == "" {
		head = join(". ", title, date)
	}
	f := head
	for _, part := range []frag{
		w.description(),
		w.secondaryContributors(),
		w.containerTitle(),
		w.containerContributors(),
		w.editionPart(),
		w.chapterPages(),
		w.journalSeries(),
		w.locators(),
		w.collectionTitle(),
		w.publication(),
		w.articlePages(),
		affix(". ", join(". ", w.access()...), ""),
	} {
		f = append(f, part...)
	}
	return append(f, Span{Text: "."})
}

func (w *work) chapterLike() bool { return w.kind == "chapter" || w.kind == "paper-conference" }

// bookLike reports whether the style treats the work as a book for its
// volume, edition and locators.
func (w *work) bookLike() bool { return w.kind == "book" || w.kind == "report" }

// description is a report's genre and number: ". Technical Report 7".
func (w *work) description() frag {
	if len(w.title) == 0 || w.kind == "thesis" {
		return nil
	}
	return affix(". ", join(" ", plain(capitalizeFirst(w.genre)), plain(w.number)), "")
}

// secondaryContributors are editors besides the authors of a work that is
// not a chapter: ". Edited by A and B".
func (w *work) secondaryContributors() frag {
	if _, editorsAsAuthors := w.contributors(); w.chapterLike() || editorsAsAuthors || len(w.editors.names) == 0 {
		return nil
	}
	return plain(". Edited by " + editedBy(w.editors))
}

// containerTitle is the journal or the book a work is part of, in
// italics: ". In *Games of No Chance*".
func (w *work) containerTitle() frag {
	if len(w.container) == 0 {
		return nil
	}
	title := w.titleCase(w.container)
	if w.kind == "article-journal" {
		title = w.containerCase(w.container)
	}
	c := emph(title)
	if w.chapterLike() {
		c = append(plain("In "), c...)
	}
	return affix(". ", c, "")
}

// containerContributors are the editors of the book a chapter is in:
// ", edited by A and B".
func (w *work) containerContributors() frag {
	if _, editorsAsAuthors := w.contributors(); !w.chapterLike() || editorsAsAuthors || len(w.editors.names) == 0 {
		return nil
	}
	return plain(", edited by " + editedBy(w.editors))
}

// editionPart is ". 2nd ed." for a book, ", 2nd ed." for a chapter; an
// edition that is not a number is written as it is.
func (w *work) editionPart() frag {
	ed := w.edition
	switch {
	case ed == "":
		return nil
	case w.bookLike() && isNumeric(ed):
		// The layout's final period ends "ed".
		return plain(". " + ordinal(ed) + " ed")
	case w.bookLike():
		return plain(". " + capitalizeFirst(ed))
	case w.chapterLike() && isNumeric(ed):
		return plain(", " + ordinal(ed) + " ed.")
	case w.chapterLike():
		return plain(", " + ed)
	}
	return nil
}

// chapterPages are a chapter's pages, after its volume: ", 80:389–96".
func (w *work) chapterPages() frag {
	if !w.chapterLike() || w.pages == "" {
		return nil
	}
	return plain(", " + affixText("", w.volume, ":") + pageRange(w.pages))
}

// journalSeries is a journal's series, as written: ", New Series, ".
func (w *work) journalSeries() frag {
	if w.kind != "article-journal" {
		return nil
	}
	return affix(", ", join(" ", plain(joinRuns(w.series)), plain(w.seriesNum)), ", ")
}

// locators are an article's volume and issue (" 52 (3)", ", no. 4", with
// the month where the issue is not given), or a book's volume (". Vol.
// 1", for a chapter only when it has no pages).
func (w *work) locators() frag {
	switch {
	case w.kind == "article-journal":
		month := ""
		if w.month > 0 {
			month = monthsLong[w.month-1]
		}
		switch {
		case w.volume != "" && w.issue != "":
			return plain(" " + w.volume + " (" + w.issue + ")")
		case w.volume != "":
			return plain(" " + w.volume + affixText(" (", month, ")"))
		case w.issue != "":
			return plain(", no. " + w.issue + affixText(" (", month, ")"))
		}
		return plain(affixText(", ", month, ""))
	case w.bookLike(), w.chapterLike() && w.pages == "":
		return plain(affixText(". Vol. ", w.volume, ""))
	}
	return nil
}

// collectionTitle is the series of a book: ". London Mathematical Society
// Monographs 6".
func (w *work) collectionTitle() frag {
	title := w.titleCase(w.series)
	if w.kind == "article-journal" || title == "" {
		return nil
	}
	sep := ", "
	if isNumeric(w.seriesNum) {
		sep = " "
	}
	return plain(". " + title + affixText(sep, w.seriesNum, ""))
}

// publication is where and by whom a work other than an article was
// published, after a thesis's genre: ". PhD thesis, University".
func (w *work) publication() frag {
	if w.kind == "article-journal" {
		return nil
	}
	var genre frag
	if w.kind == "thesis" {
		genre = plain(capitalizeFirst(w.genre))
	}
	return affix(". ", join(", ", genre, plain(joinNonEmpty(": ", w.place, w.publisher))), "")
}

// articlePages are an article's pages: ": 438–44" after a volume or
// issue, else ", 438–44".
func (w *work) articlePages() frag {
	if w.kind != "article-journal" || w.pages == "" {
		return nil
	}
	if w.volume != "" || w.issue != "" {
		return plain(": " + pageRange(w.pages))
	}
	return plain(", " + pageRange(w.pages))
}

// access is a web page's date, the access date of an undated work, and
// the DOI or URL.
func (w *work) access() []frag {
	var parts []frag
	if w.kind == "webpage" && w.year != "" {
		date := w.year
		switch {
		case w.day > 0:
			date = monthsLong[w.month-1] + " " + strconv.Itoa(w.day) + ", " + date
		case w.month > 0:
			date = monthsLong[w.month-1] + " " + date
		}
		parts = append(parts, plain(date))
	}
	if w.year == "" && w.accessed != "" {
		parts = append(parts, plain("Accessed "+textDate(w.accessed)))
	}
	return append(parts, link(w))
}
