//go:build !unix

package kernel

import (
	"os"
	"os/exec"
)

// setProcessGroup does nothing where process groups do not exist.
func setProcessGroup(cmd *exec.Cmd) {}

func interruptGroup(p *os.Process) error { return p.Signal(os.Interrupt) }

func terminateGroup(p *os.Process) { p.Kill() }

func killGroup(p *os.Process) { p.Kill() }
