package kernel_test

import (
	"context"
	"fmt"
	"log"

	"github.com/grundylab/grundy/pkg/report/jupyter/kernel"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernel/kerneltest"
)

func ExampleKernel_Execute() {
	// A fake kernel stands in for GoNB here; see kerneltest for its commands.
	srv, err := kerneltest.NewServer()
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()

	ctx := context.Background()
	k, err := kernel.Connect(ctx, srv.Info, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer k.Close()

	reply, err := k.Execute(ctx, "print hello\nresult 42", func(m *kernel.Message) {
		switch m.Type() {
		case kernel.StreamType:
			var s kernel.Stream
			if m.DecodeContent(&s) == nil {
				fmt.Printf("%s: %q\n", s.Name, s.Text)
			}
		case kernel.ExecuteResultType:
			var d kernel.DisplayData
			if m.DecodeContent(&d) == nil {
				fmt.Printf("result: %s\n", d.Data["text/plain"])
			}
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("status:", reply.Status)
	// Output:
	// stdout: "hello\n"
	// result: "42"
	// status: ok
}
