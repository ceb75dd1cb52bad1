package gonb

import "regexp"

// exitReport matches the stderr text GoNB publishes when the program of a
// cell (or a shell command) ends with a failure: the error of
// exec.Cmd.Wait, after "^C" when the cell was interrupted.
var exitReport = regexp.MustCompile(`^(\^C\n)?(exit status -?\d+|signal: [a-z][a-z0-9 /-]*( \(core dumped\))?)\n$`)

// IsExitReport reports whether a stderr stream message is GoNB's report
// that the cell's program failed, such as "exit status 2\n" after a panic
// or "signal: killed\n". GoNB sends it as a message of its own, after the
// program's output, and still replies "ok" to the execute_request.
func IsExitReport(text string) bool {
	return exitReport.MatchString(text)
}
