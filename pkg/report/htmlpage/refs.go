package htmlpage

import _ "embed"

// refsCSS styles what cross-references and citations add: numbered
// equations, captioned tables, section numbers, the references, and the
// mark of a reference or citation that names nothing.
//
//go:embed refs.css
var refsCSS string
