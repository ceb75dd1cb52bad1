package costly

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/grundylab/grundy/pkg/report/notebook"
)

// dir, when set, makes TestCases write each case as DIR/NAME.ipynb, for
// timing render on them by hand.
var dir = flag.String("dir", "", "write the hostile notebooks into this `folder`")

func TestCases(t *testing.T) {
	names := map[string]bool{}
	for _, c := range Cases() {
		if names[c.Name] {
			t.Errorf("case name %q twice", c.Name)
		}
		names[c.Name] = true
		data, err := notebook.Marshal(c.Notebook())
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		// Each stays small enough to mail: the cost is in rendering it.
		if len(data) > 64<<20 {
			t.Errorf("%s: %d bytes", c.Name, len(data))
		}
		if _, err := notebook.Parse(data); err != nil {
			t.Errorf("%s does not read back: %v", c.Name, err)
		}
		if *dir != "" {
			if err := os.WriteFile(filepath.Join(*dir, c.Name+".ipynb"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestPNG(t *testing.T) {
	for _, size := range []int{0, 100, 400 << 10} {
		img := PNG(size)
		cfg, err := png.DecodeConfig(bytes.NewReader(img))
		if err != nil {
			t.Fatalf("PNG(%d): %v", size, err)
		}
		if cfg.Width != 1 || cfg.Height != 1 {
			t.Errorf("PNG(%d) is %dx%d", size, cfg.Width, cfg.Height)
		}
		if _, err := png.Decode(bytes.NewReader(img)); err != nil {
			t.Errorf("PNG(%d) does not decode: %v", size, err)
		}
		if size > 100 && (len(img) < size || len(img) > size+100) {
			t.Errorf("PNG(%d) has %d bytes", size, len(img))
		}
	}
}
