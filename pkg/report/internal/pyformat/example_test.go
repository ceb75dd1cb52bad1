package pyformat_test

import (
	"fmt"

	"github.com/grundylab/grundy/pkg/report/internal/pyformat"
)

func ExampleFormat() {
	for _, c := range [][2]string{
		{"173895", ","},
		{"0.30000000000000004", ".2f"},
		{"0.1234", ".1%"},
		{"'PE 310'", ">10"},
		{"1160", "08_d"},
	} {
		s, err := pyformat.Format(c[0], c[1])
		fmt.Printf("%q %v\n", s, err)
	}
	_, err := pyformat.Format("a word", ".2f")
	fmt.Println(err)
	// Output:
	// "173,895" <nil>
	// "0.30" <nil>
	// "12.3%" <nil>
	// "    PE 310" <nil>
	// "0_001_160" <nil>
	// value does not fit the format spec: "a word" is not a number
}
