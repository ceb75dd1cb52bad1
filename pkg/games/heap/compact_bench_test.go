package heap

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// BenchmarkOfficers computes Officers (0.6) through OctalValues to 2^18
// and 2^20, alone and with the helper goroutine. With -benchmem it gives
// the bytes a run allocates; B/value is the storage of each value, two
// bytes since Officers' values pass 255 at heap 10,344:
//
//	go test -run '^$' -bench 'Officers/' -benchmem ./pkg/games/heap
func BenchmarkOfficers(b *testing.B) {
	for _, n := range []int{1 << 18, 1 << 20} {
		for _, alone := range []bool{true, false} {
			name := "helper/" + strconv.Itoa(n)
			if alone {
				name = "alone/" + strconv.Itoa(n)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				var v *Values
				for b.Loop() {
					var err error
					if v, err = OctalValues("0.6", n, &OctalOptions{alone: alone}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(v.BytesPerValue()), "B/value")
			})
		}
	}
}

// BenchmarkOgs runs Officers to 2^22 here and in ogs, P. Beling's octal
// game solver (its RC2 method, one thread), by turns, three times each, and
// reports the wall and CPU time and peak memory of both and their ratios,
// the figures of issue 34. It is skipped unless GRUNDY_OGS names a
// program run as `PROGRAM 0.6 4194304` that computes what ogsolve's
// `0.6 -m rc2 -n 4194304` does (a script around ogsolve, or a main around
// the ogs crate's RC2Solver):
//
//	GRUNDY_OGS=/path/to/ogs go test -run '^$' -bench 'Ogs' -benchtime 1x ./pkg/games/heap
//
// Both run as child processes of this one, ours as this test binary again
// (see TestMain), since a child's peak as Linux reports it is at least
// its parent's when it started: a run in this process would raise the
// peaks of the children after it. The test binary starts larger than a
// small command that calls OctalValues (4.7 MB against 2.7 MB, measured
// once), which ours-peak-MiB includes. So the benchmark fails, rather than
// report a peak that is only the parent's, if this process is already as
// large as a child, as when it runs after other benchmarks.
func BenchmarkOgs(b *testing.B) {
	ogs := os.Getenv("GRUNDY_OGS")
	if ogs == "" {
		b.Skip("GRUNDY_OGS does not name an ogs program")
	}
	const n = 1 << 22
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	var ours, theirs runCost
	for b.Loop() {
		for range 3 {
			theirs.add(runChild(b, exec.Command(ogs, "0.6", strconv.Itoa(n))))
			cmd := exec.Command(self)
			cmd.Env = append(os.Environ(), officersChild+"="+strconv.Itoa(n))
			ours.add(runChild(b, cmd))
		}
	}
	b.ReportMetric(ours.wall.Seconds()/theirs.wall.Seconds(), "time-ratio")
	b.ReportMetric(ours.cpu.Seconds()/theirs.cpu.Seconds(), "cpu-ratio")
	b.ReportMetric(float64(ours.peak)/float64(theirs.peak), "memory-ratio")
	b.ReportMetric(ours.wall.Seconds()/float64(ours.runs), "ours-s")
	b.ReportMetric(theirs.wall.Seconds()/float64(theirs.runs), "ogs-s")
	b.ReportMetric(ours.cpu.Seconds()/float64(ours.runs), "ours-cpu-s")
	b.ReportMetric(theirs.cpu.Seconds()/float64(theirs.runs), "ogs-cpu-s")
	b.ReportMetric(float64(ours.peak)/(1<<20), "ours-peak-MiB")
	b.ReportMetric(float64(theirs.peak)/(1<<20), "ogs-peak-MiB")
}

// officersChild names the environment variable that makes this test
// binary a child of BenchmarkOgs: it computes Officers to the heap the
// variable gives, through OctalValues, and exits.
const officersChild = "GRUNDY_OFFICERS_CHILD"

// TestMain runs the tests, or the child of BenchmarkOgs.
func TestMain(m *testing.M) {
	if arg := os.Getenv(officersChild); arg != "" {
		os.Exit(officers(arg))
	}
	os.Exit(m.Run())
}

// officers computes Officers to the heap arg and returns the exit code.
func officers(arg string) int {
	n, err := strconv.Atoi(arg)
	if err == nil {
		_, err = OctalValues("0.6", n, nil)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s=%s: %v\n", officersChild, arg, err)
		return 1
	}
	return 0
}

// runCost sums the costs of runs; peak is the largest peak memory, in
// bytes.
type runCost struct {
	wall, cpu time.Duration
	peak      int64
	runs      int
}

func (c *runCost) add(d runCost) {
	c.wall += d.wall
	c.cpu += d.cpu
	c.peak = max(c.peak, d.peak)
	c.runs++
}

// usage returns the CPU time and the peak memory, in bytes, of a rusage.
func usage(u *syscall.Rusage) (time.Duration, int64) {
	cpu := time.Duration(u.Utime.Nano() + u.Stime.Nano())
	return cpu, u.Maxrss * 1024 // Linux counts kibibytes
}

// runChild runs cmd and returns its cost, failing if its peak cannot be
// told from this process's.
func runChild(b *testing.B, cmd *exec.Cmd) runCost {
	b.Helper()
	var parent syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &parent); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", cmd, err, out)
	}
	wall := time.Since(start)
	cpu, peak := usage(cmd.ProcessState.SysUsage().(*syscall.Rusage))
	if _, before := usage(&parent); peak <= before {
		b.Fatalf("%s peaks at %d bytes, no more than this process had before it (%d): run the benchmark alone", cmd, peak, before)
	}
	return runCost{wall: wall, cpu: cpu, peak: peak}
}
