package bib

// disambiguate decides the in-text forms of the cited works, as the
// style asks, in CSL's order: given names to tell apart different people
// of one family name (the first name of each citation only, across the
// document); more names before "et al." to tell apart different author
// lists; then letters after the year (1974a, 1974b), in reference-list
// order, for works whose citations still read the same.
func (s *Styler) disambiguate() {
	s.disambiguateGiven()
	s.disambiguateNames()
	for _, g := range s.alike() {
		for i, w := range g {
			s.yearSuffix[w] = letters(i)
		}
	}
}

// alike returns the groups of two or more cited works whose citations
// read the same, each in reference-list order.
func (s *Styler) alike() [][]*work {
	groups := map[string][]*work{}
	var order []string
	for _, w := range s.order {
		k := s.citeKey(w)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], w)
	}
	var out [][]*work
	for _, k := range order {
		if g := groups[k]; len(g) > 1 {
			out = append(out, g)
		}
	}
	return out
}

// citeKey is what a citation of w shows before any locator.
func (s *Styler) citeKey(w *work) string {
	return plainText(finish(s.citeContributors(w))) + "\x00" + w.year
}

// letters numbers year suffixes: a ... z, then aa, ab, ...
func letters(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return letters(i/26-1) + string(rune('a'+i%26))
}

// disambiguateGiven gives the first name of each work its initials, or
// its full given name if initials do not suffice, when another person of
// the same family name is among the cited works' first names.
func (s *Styler) disambiguateGiven() {
	type initialled struct{ family, initials string }
	people := map[string]map[string]bool{}           // family -> given names
	sameInitials := map[initialled]map[string]bool{} // -> given names
	first := map[*work]name{}
	for _, w := range s.order {
		l, _ := w.contributors()
		if len(l.names) == 0 || l.names[0].literal {
			continue
		}
		n := l.names[0]
		first[w] = n
		if people[n.family] == nil {
			people[n.family] = map[string]bool{}
		}
		people[n.family][n.given] = true
		k := initialled{n.family, initialsOf(n.given)}
		if sameInitials[k] == nil {
			sameInitials[k] = map[string]bool{}
		}
		sameInitials[k][n.given] = true
	}
	for w, n := range first {
		if len(people[n.family]) < 2 {
			continue
		}
		s.givenForm[w] = initials
		if len(sameInitials[initialled{n.family, initialsOf(n.given)}]) > 1 {
			s.givenForm[w] = fullGiven
		}
	}
}

// disambiguateNames shows more names of long author lists whose
// citations read the same ("One et al. 2001" for two different lists):
// as many as tell every list of the group apart, when some number does.
func (s *Styler) disambiguateNames() {
	for _, g := range s.alike() {
		// No list needs more names than the reference list shows.
		longest := 0
		for _, w := range g {
			l, _ := w.contributors()
			longest = min(max(longest, len(l.names)), bibEtAlMin)
		}
		for show := citeEtAlFirst + 1; show <= longest; show++ {
			seen := map[string]bool{}
			distinct := true
			for _, w := range g {
				l, _ := w.contributors()
				t := citeNames(l, show, s.givenForm[w])
				if seen[t] {
					distinct = false
					break
				}
				seen[t] = true
			}
			if distinct {
				for _, w := range g {
					s.showNames[w] = show
				}
				break
			}
		}
	}
}
