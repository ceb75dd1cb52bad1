package site

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/report/internal/costly"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// TestImagesStoredOnce checks that an image a notebook shows or attaches
// many times grows the site by about its size, not by its size as many
// times: one file, and the page holds it once.
func TestImagesStoredOnce(t *testing.T) {
	// 150 outputs of the image: 300, in base64, would make a notebook over
	// notebook.MaxFileSize.
	const size, uses = 400 << 10, 150
	png := costly.PNG(size)
	images := notebook.New()
	outs := make([]*notebook.Output, uses)
	for i := range outs {
		outs[i] = &notebook.Output{Type: notebook.DisplayData, Data: notebook.MimeBundle{}, Metadata: notebook.Metadata{}}
		outs[i].Data.SetText("image/png", encode(png))
	}
	n := 1
	images.Cells = append(images.Cells, &notebook.Cell{Type: notebook.Code, Source: "show()", Metadata: notebook.Metadata{}, ExecutionCount: &n, Outputs: outs})
	for name, nb := range map[string]*notebook.Notebook{"attachment": costly.Attachment(size, uses), "images": images} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name+".ipynb")
			if err := notebook.WriteFile(path, nb); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "site")
			if err := (&Site{Dir: out, MathFont: noFont(t)}).Build(context.Background(), []string{path}); err != nil {
				t.Fatal(err)
			}
			files := postFiles(t, out, name)
			if len(files) != 1 {
				t.Fatalf("%s_files holds %d files, want the one image", name, len(files))
			}
			var total int64
			for _, f := range []string{name + ".md", name + ".html", filepath.Join(name+"_files", files[0])} {
				info, err := os.Stat(filepath.Join(out, f))
				if err != nil {
					t.Fatal(err)
				}
				total += info.Size()
			}
			// The file, the page's base64 copy, a third larger, and for
			// each use its markup (a figure, its alternative text, a
			// link in the post), which a second copy of the image would
			// outgrow many times.
			if limit := int64(size) + int64(size)*4/3 + uses*512; total > limit {
				t.Errorf("the image shown %d times takes %d kB of the site, want at most %d kB", uses, total>>10, limit>>10)
			}
			t.Logf("an image of %d kB shown %d times takes %d kB of the site", size>>10, uses, total>>10)
		})
	}
}
