package bib_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/bib"
)

const exampleBib = `
@article{sprague1935,
  author  = {Sprague, Roland},
  title   = {{\"U}ber mathematische {K}ampfspiele},
  journal = {T{\^o}hoku Mathematical Journal},
  volume  = 41, pages = {438--444}, year = 1935}
@book{knuth1984tex,
  author = {Donald E. Knuth}, title = {The {\TeX}book},
  publisher = {Addison-Wesley}, address = {Reading, MA}, year = 1984}
@article{knuth1984lp,
  author = {Knuth, Donald E.}, title = {Literate programming},
  journal = {The Computer Journal}, volume = 27, number = 2, pages = {97--111}, year = 1984}
`

func ExampleParse() {
	db, err := bib.Parse([]byte(exampleBib))
	if err != nil {
		fmt.Println(err)
		return
	}
	e, _ := db.Entry("sprague1935")
	fmt.Println(db.Keys())
	fmt.Println(e.Type, e.Fields["title"], e.Fields["pages"])
	// Output:
	// [sprague1935 knuth1984tex knuth1984lp]
	// article Über mathematische Kampfspiele 438–444
}

func ExampleParse_error() {
	_, err := bib.Parse([]byte("@article{k,\n  title = {unclosed\n"))
	fmt.Println(err)
	// Output:
	// bibtex line 3: end of file inside a value opened on line 2
}

// A document makes one Styler from every key it cites: the two works of
// Knuth's 1984 are then 1984a and 1984b everywhere.
func ExampleStyler() {
	db, err := bib.Parse([]byte(exampleBib))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := db.Styler([]string{"sprague1935", "knuth1984tex", "knuth1984lp"})
	print := func(spans []bib.Span) {
		for _, sp := range spans {
			switch {
			case sp.Emph:
				fmt.Printf("*%s*", sp.Text)
			default:
				fmt.Print(sp.Text)
			}
		}
		fmt.Println()
	}
	spans, _ := s.Cite([]bib.Item{{Key: "sprague1935", Prefix: "see", Suffix: "p. 440"}, {Key: "knuth1984tex"}}, bib.Parenthetical)
	print(spans)
	spans, _ = s.Cite([]bib.Item{{Key: "knuth1984lp"}}, bib.Narrative)
	print(spans)
	spans, missing := s.Cite([]bib.Item{{Key: "nobody"}}, bib.Parenthetical)
	print(spans)
	fmt.Println("missing:", missing)
	for _, r := range s.References() {
		fmt.Print("ref-", r.Key, ": ")
		print(r.Spans)
	}
	// Output:
	// (see Sprague 1935, 440; Knuth 1984b)
	// Knuth (1984a)
	// (nobody?)
	// missing: [nobody]
	// ref-knuth1984lp: Knuth, Donald E. 1984a. “Literate Programming.” *The Computer Journal* 27 (2): 97–111.
	// ref-knuth1984tex: ———. 1984b. *The TeXbook*. Reading, MA: Addison-Wesley.
	// ref-sprague1935: Sprague, Roland. 1935. “Über Mathematische Kampfspiele.” *Tôhoku Mathematical Journal* 41: 438–44.
}
