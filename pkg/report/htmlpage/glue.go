package htmlpage

import _ "embed"

// glueCSS styles what glue roles add: the marked text of a role whose
// value is missing.
//
//go:embed glue.css
var glueCSS string
