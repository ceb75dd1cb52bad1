package boundedfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
)

func ExampleReadRegular() {
	dir, err := os.MkdirTemp("", "boundedfile")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(path, []byte("twelve bytes"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	for _, limit := range []int64{100, 10} {
		f, err := os.Open(path)
		if err != nil {
			fmt.Println(err)
			return
		}
		data, err := boundedfile.ReadRegular(f, limit)
		f.Close()
		if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
			fmt.Printf("within %d: refused: %v\n", limit, e)
			continue
		}
		fmt.Printf("within %d: %q\n", limit, data)
	}
	// Output:
	// within 100: "twelve bytes"
	// within 10: refused: 12 bytes or more, more than the 10 allowed
}
