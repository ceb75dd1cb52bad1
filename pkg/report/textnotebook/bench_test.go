package textnotebook

import (
	"strconv"
	"strings"
	"testing"
)

// BenchmarkParse reads notebooks of growing numbers of cells in each
// format.
func BenchmarkParse(b *testing.B) {
	forms := map[string]func(i int) string{
		"myst": func(i int) string {
			return "Text of cell " + strconv.Itoa(i) + " with $x^2$.\n\n```{code-cell} python\n:tags: [t]\nprint(" + strconv.Itoa(i) + ")\n```\n\n"
		},
		"qmd": func(i int) string {
			return "Text of cell " + strconv.Itoa(i) + " with $x^2$.\n\n```{python}\n#| echo: false\nprint(" + strconv.Itoa(i) + ")\n```\n\n"
		},
		"py": func(i int) string {
			return "# %% [markdown]\n# Text of cell " + strconv.Itoa(i) + " with $x^2$.\n\n# %% tags=[\"t\"]\nprint(" + strconv.Itoa(i) + ")\n\n"
		},
	}
	for _, ext := range []string{"myst", "qmd", "py"} {
		for _, n := range []int{10, 1000} {
			var sb strings.Builder
			for i := range n {
				sb.WriteString(forms[ext](i))
			}
			data := []byte(sb.String())
			name := "f." + strings.Replace(ext, "myst", "md", 1)
			b.Run(ext+"/"+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if _, err := Parse(name, data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
