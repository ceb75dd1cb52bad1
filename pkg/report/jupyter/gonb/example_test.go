package gonb_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/grundylab/grundy/pkg/report/jupyter/gonb"
)

// This example builds GoNB for the module in the current folder (once; later
// calls find it in the cache) and runs one cell in a kernel whose GONB_DIR is
// the notebooks folder.
func ExampleProvision() {
	ctx := context.Background()
	tools, err := gonb.Provision(ctx, ".", "", os.Stderr)
	if err != nil {
		log.Fatal(err)
	}
	k, err := tools.Start(ctx, "notebooks", nil)
	if err != nil {
		log.Fatal(err)
	}
	defer k.Close()
	reply, err := k.Execute(ctx, "%%\nfmt.Println(\"hello\")", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(reply.Status)
}
