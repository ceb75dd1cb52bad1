package glue_test

import (
	"encoding/json"
	"fmt"

	"github.com/grundylab/grundy/pkg/report/glue"
)

// A cell that computes a count glues it; the Markdown of the notebook then
// says {glue}`winners` where the number belongs.
func Example() {
	winners := 1160
	glue.Value("winners", winners) // outside a notebook: nothing is sent

	out, err := glue.Record("winners", winners, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := json.MarshalIndent(out, "", "  ")
	fmt.Println(string(b))
	// Output:
	// {
	//   "Data": {
	//     "application/papermill.record/text/plain": "1160"
	//   },
	//   "Metadata": {
	//     "scrapbook": {
	//       "mime_prefix": "application/papermill.record/",
	//       "name": "winners"
	//     }
	//   }
	// }
}

func ExampleText() {
	fmt.Println(glue.Text(uint64(1) << 63))
	a, b := 0.1, 0.2
	fmt.Println(glue.Text(a + b))
	fmt.Println(glue.Text([]int{1, 2}))
	// Output:
	// 9223372036854775808
	// 0.30000000000000004
	// [1 2]
}
