//go:build !windows

package gonb

const exeSuffix = ""
