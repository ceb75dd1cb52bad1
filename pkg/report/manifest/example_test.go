package manifest_test

import (
	"fmt"
	"log"
	"os"

	"github.com/grundylab/grundy/pkg/report/manifest"
)

func ExampleRead() {
	dir, err := os.MkdirTemp("", "manifest-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	m, _ := manifest.Read(dir) // none yet: an empty one
	m.Files["index.html"] = []string{manifest.SumBytes([]byte("<p>index</p>"))}
	if err := m.Write(dir); err != nil {
		log.Fatal(err)
	}
	m, err = manifest.Read(dir)
	fmt.Println(m.Has("index.html"), m.Has("secret.txt"), err)
	// Output: true false <nil>
}
