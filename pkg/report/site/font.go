package site

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/grundylab/grundy/pkg/report/internal/boundedfile"
)

// Where Debian's fonts-lmodern package installs Latin Modern Math and its
// licence.
const (
	DefaultMathFont        = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
	DefaultMathFontLicense = "/usr/share/texmf/doc/fonts/lm-math/GUST-FONT-LICENSE.txt"
)

// Where the site keeps the math font, relative to Dir.
const (
	AssetsDir    = "assets"
	MathFontFile = "latinmodern-math.otf"
)

// MaxFontSize is the largest math font file a site ships, in bytes; Latin
// Modern Math is about 0.7 MB.
const MaxFontSize = 16 << 20

// ErrFont is wrapped by Build's error for a math font file that is not an
// OpenType or TrueType font.
var ErrFont = errors.New("not an OpenType or TrueType font")

// fontMagic are the tags an OpenType file starts with: CFF outlines, or
// TrueType outlines.
var fontMagic = [][]byte{[]byte("OTTO"), {0, 1, 0, 0}}

// readFont reads the font file path, refusing anything but a regular file
// of at most MaxFontSize bytes that starts as an OpenType font does.
func readFont(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := boundedfile.ReadRegular(f, MaxFontSize)
	if _, ok := errors.AsType[*boundedfile.TooLargeError](err); ok || errors.Is(err, boundedfile.ErrNotRegular) {
		return nil, fmt.Errorf("math font %s: %w: %w", path, ErrFont, err)
	}
	if err != nil {
		return nil, fmt.Errorf("math font %s: %w", path, err)
	}
	for _, m := range fontMagic {
		if bytes.HasPrefix(data, m) {
			return data, nil
		}
	}
	return nil, fmt.Errorf("math font %s: %w: it does not start with an OpenType tag (OTTO or 00 01 00 00)", path, ErrFont)
}

// shipFont copies the math font into the assets folder if it is not there
// yet and returns its URL relative to the pages, or "" if there is no font
// to ship. A missing font is a warning; a file that is not a font is an
// error.
func (s *Site) shipFont(k *keeper) (string, error) {
	src := s.MathFont
	if src == "" {
		src = DefaultMathFont
	}
	url := AssetsDir + "/" + MathFontFile
	dst := AssetsDir + "/" + MathFontFile
	data, err := readFont(src)
	if errors.Is(err, fs.ErrNotExist) {
		if _, ok, err := k.owned(dst); err == nil && ok && k.m.Has(dst) {
			return url, nil // shipped by an earlier run
		}
		s.warn("math font %s not found (install the Debian package fonts-lmodern); pages fall back to installed math fonts", src)
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if err := k.writeFile(dst, data); err != nil {
		s.warn("cannot ship the math font: %v", err)
		return "", nil
	}
	if s.MathFont == "" {
		license, err := os.ReadFile(DefaultMathFontLicense)
		if err == nil {
			err = k.writeFile(AssetsDir+"/GUST-FONT-LICENSE.txt", license)
		}
		if err != nil {
			s.warn("cannot ship the math font licence: %v", err)
		}
	}
	return url, nil
}
