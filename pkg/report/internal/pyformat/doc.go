// Package pyformat formats numbers as Python's format(value, spec) does,
// for the format spec of MyST-NB's {glue:text}`name:spec` role: the spec
// is Python's format mini-language,
//
//	[[fill]align][sign]["z"]["#"]["0"][width][grouping]["." precision][type]
//
// with the types b c d o x X (integers), e E f F g G n % (floats), s
// (strings) and none. The value is the text/plain form a kernel printed,
// read back as Python's ast.literal_eval reads it. 'n' is taken in the C
// locale (as 'd' or 'g'). Widths and precisions above MaxWidth are
// refused, where Python would take them.
package pyformat
