package heap

import (
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
					if v, err = OctalValues("0.6", n, &OctalOptions{Alone: alone}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(v.BytesPerValue()), "B/value")
			})
		}
	}
}

// BenchmarkOgs runs Officers to 2^22 here and in ogs, P. Beling's octal
// game solver (its RC2 method, one thread), by turns, twice each, and
// reports the wall and CPU time and peak memory of both and their ratios,
// the figures of issue 34. It is skipped unless GRUNDY_OGS names a
// program run as `PROGRAM 0.6 4194304` that computes what ogsolve's
// `0.6 -m rc2 -n 4194304` does (a script around ogsolve, or a main around
// the ogs crate's RC2Solver). Ours runs in this process, so its peak is
// this process's, and so the benchmark should run alone:
//
//	GRUNDY_OGS=/path/to/ogs go test -run '^$' -bench 'Ogs' -benchtime 1x ./pkg/games/heap
func BenchmarkOgs(b *testing.B) {
	ogs := os.Getenv("GRUNDY_OGS")
	if ogs == "" {
		b.Skip("GRUNDY_OGS does not name an ogs program")
	}
	const n = 1 << 22
	var ours, theirs runCost
	for b.Loop() {
		for range 2 {
			theirs.add(runOgs(b, ogs, n))
			ours.add(runHere(b, n))
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

// runOgs runs the ogs command on Officers to heap n.
func runOgs(b *testing.B, ogs string, n int) runCost {
	b.Helper()
	cmd := exec.Command(ogs, "0.6", strconv.Itoa(n))
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("%s: %v\n%s", ogs, err, out)
	}
	wall := time.Since(start)
	cpu, peak := usage(cmd.ProcessState.SysUsage().(*syscall.Rusage))
	return runCost{wall: wall, cpu: cpu, peak: peak}
}

// runHere computes Officers to heap n in this process.
func runHere(b *testing.B, n int) runCost {
	b.Helper()
	var before, after syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &before); err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	if _, err := OctalValues("0.6", n, nil); err != nil {
		b.Fatal(err)
	}
	wall := time.Since(start)
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &after); err != nil {
		b.Fatal(err)
	}
	c0, _ := usage(&before)
	c1, peak := usage(&after)
	return runCost{wall: wall, cpu: c1 - c0, peak: peak}
}
