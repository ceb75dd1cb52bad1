package mathml

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// colourKey names the colour i of a formula for treeblood, in letters.
func colourKey(i int) string {
	key := []byte("grundycolour")
	for _, d := range strconv.Itoa(i) {
		key = append(key, byte('a'+d-'0'))
	}
	return string(key)
}

// colourName and colourHex are the colours taken without a model: a
// name, or #rgb or #rrggbb.
var colourName = regexp.MustCompile(`^[A-Za-z]{1,30}$`)

var colourHex = regexp.MustCompile(`^#?(?:[0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// colour checks a colour given to \color and its kind, with an optional
// model ([rgb], [RGB], [HTML], [gray]), and returns it as CSS.
func colour(model, spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	switch model {
	case "":
		if colourName.MatchString(spec) {
			return spec, nil
		}
		if strings.HasPrefix(spec, "#") && colourHex.MatchString(spec) {
			return spec, nil
		}
	case "HTML":
		if colourHex.MatchString(spec) && !strings.HasPrefix(spec, "#") {
			return "#" + spec, nil
		}
	case "rgb", "RGB", "gray":
		parts := strings.Split(spec, ",")
		want, max := 3, 1.0
		if model == "gray" {
			want = 1
		}
		if model == "RGB" {
			max = 255
		}
		if len(parts) == want {
			var b strings.Builder
			b.WriteByte('#')
			ok := true
			for _, p := range parts {
				v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
				if err != nil || v < 0 || v > max {
					ok = false
					break
				}
				fmt.Fprintf(&b, "%02x", int(v/max*255+0.5))
			}
			if ok {
				s := b.String()
				if model == "gray" {
					s += s[1:] + s[1:]
				}
				return s, nil
			}
		}
	}
	if model != "" {
		return "", fmt.Errorf("invalid colour [%s]{%s}", model, spec)
	}
	return "", fmt.Errorf("invalid colour %q", spec)
}

// cmdColor converts \color and \textcolor, with the colour checked.
func (r *rewriter) cmdColor(toks []token, i int, name string, depth int) (int, error) {
	model, next, _ := optArg(toks, i)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	c, err := colour(plain(model), plain(a))
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	if name == "textcolor" {
		body, after, err := arg(toks, next)
		if err != nil {
			return i, fmt.Errorf(`\textcolor: %w`, err)
		}
		r.colours = append(r.colours, c)
		return after, r.braced(`{\color{`+colourKey(len(r.colours)-1)+`}{`, body, depth, `}}`)
	}
	// treeblood reads # as a macro parameter: the colour goes in by name.
	r.colours = append(r.colours, c)
	r.out.WriteString(`\color{` + colourKey(len(r.colours)-1) + `}`)
	return next, nil
}

// cmdColorbox converts \colorbox: text on a checked colour.
func (r *rewriter) cmdColorbox(toks []token, i int, name string, depth int) (int, error) {
	model, next, _ := optArg(toks, i)
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	c, err := colour(plain(model), plain(a))
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	body, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\colorbox: %w`, err)
	}
	return next, r.element(`<mrow mathbackground="`+c+`">`, func() error { return r.text(body, "") })
}

// attributeCommands take a first argument that MathJax puts into the
// page (a class, an id, a style, a link, data): it is dropped, the second
// argument kept.
var attributeCommands = map[string]bool{
	"class": true, "cssId": true, "style": true, "href": true, "htmlClass": true, "htmlId": true,
	"htmlStyle": true, "htmlData": true, "data": true, "mmlToken": true,
}

// attribute converts one of the attributeCommands: its first argument
// dropped, its second kept (as text for \mmlToken).
func (r *rewriter) attribute(toks []token, i int, name string, depth int) (int, error) {
	_, next, err := arg(toks, i)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	a, next, err := arg(toks, next)
	if err != nil {
		return i, fmt.Errorf(`\%s: %w`, name, err)
	}
	if name == "mmlToken" {
		return next, r.text(a, "")
	}
	if err := r.braced("{", a, depth, "}"); err != nil {
		return i, err
	}
	return next, nil
}
