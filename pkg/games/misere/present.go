package misere

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// presentation is a quotient written with generators and relations, as in
// Plambeck's and Siegel's tables: the generators are the heaps, in
// increasing size, whose element is not a product of the earlier
// generators; every element has a normal form, its least word in the graded
// reverse lexicographic order (fewer letters first, then fewer of the last
// generator, and so on); the relations say how each least word that is not a
// normal form reduces. Together they are a complete rewriting system.
type presentation struct {
	gens      []int // heap sizes
	names     []string
	normal    [][]int // normal[x]: exponents of element x's normal form
	relations [][2][]int
}

func present(m *monoid, phi []int32) presentation {
	var pr presentation
	inSub := make([]bool, m.size)
	inSub[0] = true
	for h := 1; h < len(phi); h++ {
		e := phi[h]
		if inSub[e] {
			continue
		}
		pr.gens = append(pr.gens, h)
		// Close the submonoid under the new generator.
		for changed := true; changed; {
			changed = false
			for x := range m.size {
				if y := m.prod(int32(x), e); inSub[x] && !inSub[y] {
					inSub[y] = true
					changed = true
				}
			}
		}
	}
	k := len(pr.gens)
	for i := range k {
		pr.names = append(pr.names, generatorName(i, k))
	}
	pr.normal = make([][]int, m.size)
	pr.normal[0] = make([]int, k)
	key := func(m []int) string {
		var b strings.Builder
		for _, e := range m {
			b.WriteString(strconv.Itoa(e))
			b.WriteByte(',')
		}
		return b.String()
	}
	isNormal := map[string]bool{key(pr.normal[0]): true}
	level := [][]int{pr.normal[0]}
	elem := map[string]int32{key(pr.normal[0]): 0}
	for len(level) > 0 {
		var cands [][]int
		seen := map[string]bool{}
		for _, w := range level {
			for g := range k {
				c := slices.Clone(w)
				c[g]++
				kc := key(c)
				if seen[kc] {
					continue
				}
				seen[kc] = true
				// Only words whose every divisor is a normal form: the
				// others reduce by a relation found before.
				ok := true
				for i := range k {
					if c[i] == 0 {
						continue
					}
					c[i]--
					ok = ok && isNormal[key(c)]
					c[i]++
				}
				if ok {
					x := m.prod(elem[key(w)], phi[pr.gens[g]])
					elem[kc] = x
					cands = append(cands, c)
				}
			}
		}
		slices.SortFunc(cands, revlexCompare)
		level = nil
		for _, c := range cands {
			x := elem[key(c)]
			if pr.normal[x] == nil {
				pr.normal[x] = c
				isNormal[key(c)] = true
				level = append(level, c)
				continue
			}
			pr.relations = append(pr.relations, [2][]int{c, pr.normal[x]})
		}
	}
	// List the relations as Plambeck's tables do: those of each generator
	// after those of the earlier ones (a^2=1, b^3=b, bc=ab, ...), shorter
	// first.
	slices.SortStableFunc(pr.relations, func(r, s [2][]int) int {
		return cmp.Or(lastLetter(r[0])-lastLetter(s[0]), degree(r[0])-degree(s[0]))
	})
	return pr
}

// lastLetter returns the index of the last generator in a word.
func lastLetter(m []int) int {
	for i := len(m) - 1; i >= 0; i-- {
		if m[i] > 0 {
			return i
		}
	}
	return -1
}

// degree returns the number of letters of a word.
func degree(m []int) int {
	d := 0
	for _, e := range m {
		d += e
	}
	return d
}

// revlexCompare orders words of one length: fewer of the last generator first,
// then of the one before, and so on.
func revlexCompare(a, b []int) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

// generatorName returns the name of generator i of k: a, b, c, ... or, beyond
// 26 generators, g1, g2, ...
func generatorName(i, k int) string {
	if k <= 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i+1)
}

// word formats exponents as a product of generators: "ab^2c", or "1".
func (pr *presentation) word(m []int) string {
	var b strings.Builder
	for i, e := range m {
		if e == 0 {
			continue
		}
		if b.Len() > 0 && len(pr.names) > 26 {
			b.WriteByte('*')
		}
		b.WriteString(pr.names[i])
		if e > 1 {
			b.WriteByte('^')
			b.WriteString(strconv.Itoa(e))
		}
	}
	if b.Len() == 0 {
		return "1"
	}
	return b.String()
}

// Generators returns the heaps whose elements generate the quotient, in the
// order of the presentation's letters a, b, c, ...
func (q *Quotient) Generators() []int { return slices.Clone(q.pres.gens) }

// Name returns the normal form of element x as a word in the generators,
// such as "ab^2" or "1" for the identity; "?" for a non-element.
func (q *Quotient) Name(x int) string {
	if x < 0 || x >= q.m.size {
		return "?"
	}
	return q.pres.word(q.pres.normal[x])
}

// Relations returns the relations of the presentation, such as "a^2=1" and
// "b^3=b".
func (q *Quotient) Relations() []string {
	r := make([]string, len(q.pres.relations))
	for i, rel := range q.pres.relations {
		r[i] = q.pres.word(rel[0]) + "=" + q.pres.word(rel[1])
	}
	return r
}

// Presentation returns the quotient as generators and relations, as in
// Plambeck's tables: "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>".
func (q *Quotient) Presentation() string {
	return "<" + strings.Join(q.pres.names, ",") + " | " + strings.Join(q.Relations(), ", ") + ">"
}

// Pretending returns the pretending function as the names of the elements
// of heaps 1, 2, ..., Heaps(), separated by spaces, as in Plambeck's
// tables.
func (q *Quotient) Pretending() string {
	names := make([]string, q.Heaps())
	for h := 1; h <= q.Heaps(); h++ {
		names[h-1] = q.Name(int(q.phi[h]))
	}
	return strings.Join(names, " ")
}

// String returns the presentation and the P-portion.
func (q *Quotient) String() string {
	p := q.PPortion()
	names := make([]string, len(p))
	for i, x := range p {
		names[i] = q.Name(x)
	}
	return q.Presentation() + " P={" + strings.Join(names, ",") + "}"
}
