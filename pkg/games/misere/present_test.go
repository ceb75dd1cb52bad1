package misere

import (
	"slices"
	"strings"
	"testing"
)

// TestKnownPresentations checks presentations, P-portions and pretending
// functions that the literature gives.
func TestKnownPresentations(t *testing.T) {
	for _, tc := range []struct {
		code       string
		n          int
		size       int
		pres       string
		p          string
		pretending string
	}{
		// Misère Nim (Bouton; Conway, ONAG ch. 12): a sum of heaps of size 1
		// is lost when their number is odd.
		{"0.3", 1, 2, "<a | a^2=1>", "{a}", "a"},
		// The tame quotient of misère Nim on heaps 1-3 (Plambeck–Siegel
		// 2008, section 3): a^2=1, b^3=b, with P = {a, b^2}.
		{"0.333", 3, 6, "<a,b | a^2=1, b^3=b>", "{a,b^2}", "a b ab"},
		// Heaps 1-7: the tame quotient with three generators, order 10.
		{"0.3333333", 7, 10, "<a,b,c | a^2=1, b^3=b, c^2=b^2, b^2c=c>", "{a,b^2}", "a b ab c ac bc abc"},
		// 0.75, a wild game: the 8-element quotient that Plambeck and
		// Siegel call R8 (Misère quotients for impartial games, 2008),
		// <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>, P={a,b^2}.
		{"0.75", 20, 8, "<a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>", "{a,b^2}", "a b a b c b c b ab^2 b ab^2 b ab^2 b ab^2 b ab^2 b ab^2 b"},
	} {
		q, err := Solve(tc.code, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if q.Size() != tc.size || q.Presentation() != tc.pres || q.Pretending() != tc.pretending {
			t.Errorf("%s up to %d: order %d %s, pretending %q; want %d %s %q", tc.code, tc.n, q.Size(), q.Presentation(), q.Pretending(), tc.size, tc.pres, tc.pretending)
		}
		if want := tc.pres + " P=" + tc.p; q.String() != want {
			t.Errorf("%s: String %q, want %q", tc.code, q.String(), want)
		}
	}
}

// TestPresentationHolds checks, for every quotient of the two-digit table,
// that the relations hold in the table and that the normal forms name
// distinct elements.
func TestPresentationHolds(t *testing.T) {
	for _, tc := range twoDigit {
		q, err := Solve(tc.code, 300)
		if err != nil {
			t.Fatal(err)
		}
		eval := func(m []int) int {
			x := 0
			for i, e := range m {
				g, _ := q.Pretend(q.pres.gens[i])
				for range e {
					x = q.Mul(x, g)
				}
			}
			return x
		}
		names := map[string]bool{}
		for x := range q.Size() {
			if eval(q.pres.normal[x]) != x {
				t.Errorf("%s: normal form %s is not element %d", tc.code, q.Name(x), x)
			}
			names[q.Name(x)] = true
		}
		if len(names) != q.Size() {
			t.Errorf("%s: %d names for %d elements", tc.code, len(names), q.Size())
		}
		for i, rel := range q.pres.relations {
			if eval(rel[0]) != eval(rel[1]) {
				t.Errorf("%s: relation %s fails", tc.code, q.Relations()[i])
			}
		}
	}
}

// TestKaylesPresentation pins the presentation and P-portion of misère
// Kayles' complete quotient as Solve computes it; TestKaylesByDefinition
// checks the quotient against the definition, and the heaps 1..12 here
// against Φ.
func TestKaylesPresentation(t *testing.T) {
	q, err := Solve("0.77", 400)
	if err != nil {
		t.Fatal(err)
	}
	const want = "<a,b,c,d,e,f,g | a^2=1, b^3=b, bc^2=b, c^3=c, ab^2c=cf, bd=bc, cd=b^2, d^3=d, be=bc, ce=b^2, e^2=de, bf=ab, f^2=b^2, acf=b^2c, c^2f=ab^2, d^2f=f, dg=cg, eg=cg, fg=ag, g^2=b^2, b^2g=g, c^2g=g> P={a,d,e,ade,ac,b^2,ac^2,ad^2,adf}"
	if q.String() != want {
		t.Errorf("Kayles: %s\nwant %s", q, want)
	}
	if got, want := strings.Join(strings.Fields(q.Pretending())[:12], " "), "a b ab a c ab b ab^2 d b bc e"; got != want {
		t.Errorf("Kayles heaps 1..12: %s, want %s", got, want)
	}
	if gens := q.Generators(); !slices.Equal(gens, []int{1, 2, 5, 9, 12, 25, 27}) {
		t.Errorf("Kayles generators: heaps %v", gens)
	}
}
