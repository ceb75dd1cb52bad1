package pdf_test

import (
	"context"
	"log"
	"os"

	"github.com/grundylab/grundy/pkg/report/pdf"
)

// Print a page of a site to PDF.
func Example() {
	ctx := context.Background()
	exe, err := pdf.FindBrowser()
	if err != nil {
		log.Fatal(err) // says how to install Chromium
	}
	p, err := pdf.Start(ctx, exe)
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()
	data, err := p.Print(ctx, "/home/me/site/pe310.html")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("/home/me/site/pe310.pdf", data, 0o644); err != nil {
		log.Fatal(err)
	}
}
