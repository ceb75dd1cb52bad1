package preview_test

import (
	"context"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"

	"github.com/grundylab/grundy/pkg/report/preview"
	"github.com/grundylab/grundy/pkg/report/site"
)

// A page as it is served after a failed build: the error in a banner,
// escaped, and the script that reloads the page after the next build.
func ExampleInject() {
	page := []byte("<html><body><p>Last good page.</p></body></html>")
	served := string(preview.Inject(page, 7, "notebook <x>.ipynb: cell 2: boom"))
	fmt.Println(strings.Contains(served, "notebook &lt;x&gt;.ipynb: cell 2: boom"))
	fmt.Println(strings.Contains(served, `const build = "7"`))
	fmt.Println(strings.HasSuffix(served, "</body></html>"))
	// Output:
	// true
	// true
	// true
}

// Serve the site of the notebooks in a folder at localhost:8080 until
// Ctrl-C, rendering each notebook again when it is saved.
func ExampleServer() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s := &site.Site{Dir: "site"}
	paths := []string{"notebooks"}
	srv := &preview.Server{
		Dir:       s.Dir,
		Notebooks: func() ([]string, error) { return site.Notebooks(paths) },
		Build: func(ctx context.Context, changed []string) error {
			return s.Rebuild(ctx, paths, changed)
		},
		Log: func(msg string) { log.Print(msg) },
	}
	ln, err := net.Listen("tcp", "localhost:8080")
	if err != nil {
		log.Fatal(err)
	}
	if err := srv.Run(ctx, ln); err != nil {
		log.Fatal(err)
	}
}
