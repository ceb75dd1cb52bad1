package check_test

import (
	"strconv"

	"github.com/grundylab/grundy/pkg/report/check"
)

func Example() {
	n := check.Must(strconv.Atoi("1160"))
	check.That(n%8 == 0, "%d is a multiple of 8", n)
	// Output: ✓ 1160 is a multiple of 8
}
