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

// A guard would end a kernel whose client died; where process groups do
// not exist there is none.
type guard struct{}

func startGuard(pgid int, dir string) (*guard, error) { return nil, nil }

func (g *guard) release() {}
