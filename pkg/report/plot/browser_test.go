package plot

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/grundylab/grundy/internal/browsertest"
	"github.com/grundylab/grundy/pkg/report/sanitize"
)

// TestColourScaleInBrowser opens a heatmap in headless Chromium in the
// three forms a reader meets it: inside HTML as GoNB shows it, inside a
// published page after the sanitiser, and as a sanitised .svg file. In
// the screenshot each band of the colour bar must fill its rectangle in
// its colour. Screenshots go to $GRUNDY_SCREENSHOTS when set. Without
// Chromium it is skipped, except in CI.
func TestColourScaleInBrowser(t *testing.T) {
	// 24 values: bands about 13 pixels high, and a one-pixel-wide image
	// scaled keeping its aspect ratio would be 13 pixels wide, not 60.
	fig, err := Heatmap(rampGrid(6, 4), Options{Title: "24 values"})
	if err != nil {
		t.Fatal(err)
	}
	svg := string(fig.SVG)
	var bands []box
	for _, b := range boxes(t, svg) {
		if b.x0 >= split {
			bands = append(bands, b)
		}
	}
	if len(bands) != 24 {
		t.Fatalf("%d bands in the SVG, want 24", len(bands))
	}
	const head = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0}svg{display:block}</style></head><body>`
	dir := t.TempDir()
	forms := []struct{ name, file, text string }{
		{"notebook", "notebook.html", head + "<div>" + svg + "</div></body></html>"},
		{"page", "page.html", head + sanitize.HTML("<div>"+svg+"</div>") + "</body></html>"},
		{"svg file", "figure.svg", sanitize.SVG(svg)},
	}

	ctx := browsertest.Start(t, 60*time.Second).Context()
	shots := os.Getenv("GRUNDY_SCREENSHOTS")
	for _, f := range forms {
		path := filepath.Join(dir, f.file)
		if err := os.WriteFile(path, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(700, 450), chromedp.Navigate(browsertest.FileURL(path))); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if shots != "" {
			if err := os.WriteFile(filepath.Join(shots, "colour-scale-"+f.file+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		for k, b := range bands {
			top := b.y1
			if k+1 < len(bands) {
				top = bands[k+1].y0
			}
			if got := bandCover(img, b.x0, b.y0, b.x1, top, b.fill); got < 0.95 {
				t.Errorf("%s: band %d (%s) covers %.0f%% of its place on the screen", f.name, k, b.fill, 100*got)
			}
		}
	}
}

// bandCover returns the share of the pixels inside the rectangle x0..x1,
// y0..y1 (points, y upwards from the bottom of a figure of the default
// height, as the SVG draws it) that show colour #RRGGBB, give or take 3
// in each channel. A margin of two pixels is left out, for anti-aliased
// edges. The page shows 4/3 pixels per point.
func bandCover(img image.Image, x0, y0, x1, y1 float64, hex string) float64 {
	const px = 4.0 / 3
	want := rgb(hex)
	r := image.Rect(int(x0*px)+2, int((DefaultHeight-y1)*px)+2, int(x1*px)-2, int((DefaultHeight-y0)*px)-2)
	if r.Empty() {
		return 0
	}
	match := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if near(int(cr>>8), want[0]) && near(int(cg>>8), want[1]) && near(int(cb>>8), want[2]) {
				match++
			}
		}
	}
	return float64(match) / float64(r.Dx()*r.Dy())
}

func near(a, b int) bool { return a-b <= 3 && b-a <= 3 }
