package sandbox

import (
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// childEnv marks the confined child of a supervised run. It only decides
// who reports, never whether the sandbox applies: a process that sets it
// itself is confined all the same, and Confine refuses it unless its
// descriptor statusFD is the write end of a pipe (the supervisor's).
const childEnv = ChildEnv

// ChildEnv is the variable that marks the confined child: not a layer
// setting (planrt's layer-configuration check leaves it out, and gen
// refuses a layer configuration that sets it).
const ChildEnv = "CLAUZ3_SANDBOX_CHILD"

// supervised reports whether this process is the confined child.
func supervised() bool { return os.Getenv(childEnv) == "1" }

// exitStartFailed: the supervisor could not run the child (the exit
// status of a command line the binary could not carry out).
const exitStartFailed = 2

// goRuntimeExit is the exit status the Go runtime gives a process it
// ends: a fatal error (allocation failing at the address-space limit
// among them) or an unrecovered panic.
const goRuntimeExit = 2

// exitRefused is the supervisor's exit status should onLimit return
// (planrt's ExitSandbox): a refused run never exits 0.
const exitRefused = 4

// statusFD is the confined child's descriptor of its status pipe: the
// supervisor's exec.Cmd.ExtraFiles[0].
const statusFD = 3

// The child's report of how it ends is one record on the status pipe,
// written by Runtime.Exit just before the process exits: reportMark, then
// the exit status as one byte (what the kernel keeps of it). A process
// that ends without it died where no Go code of the run could speak: in
// the Go runtime (a fatal error, such as allocation failing at the
// address-space limit, or an unrecovered panic), or through an exit that
// bypassed the run's own.
const reportMark = 0xC3

// reportLen is the length of the one well-formed report; the supervisor
// reads at most maxReport bytes and drains the rest.
const (
	reportLen = 2
	maxReport = 64
)

// reportGrace is how long the supervisor waits, once the child is gone,
// for the status pipe to reach its end: a pipe still open then is held by
// some other process, and what it would carry is no report of the child.
const reportGrace = 2 * time.Second

// report is the record for exit status code.
func report(code int) []byte { return []byte{reportMark, byte(code)} }

// Exit ends the process with code. A supervised child first writes its
// report (see supervise), so that the supervisor passes code on instead
// of refusing the run as one that died without a word. A failed write is
// left so: the missing report makes the supervisor refuse the run, which
// is the safe side. It does not return.
func (r *Runtime) Exit(code int) {
	r.exiting.Lock() // never unlocked: the process ends
	if r.status != nil {
		r.status.Write(report(code))
		r.status.Close()
	}
	os.Exit(code)
}

// readReport reads what the child wrote on its status pipe: at most
// maxReport bytes are kept, the rest is drained so that a writer never
// blocks. It returns at the pipe's end.
func readReport(r io.Reader) []byte {
	b, _ := io.ReadAll(io.LimitReader(r, maxReport))
	io.Copy(io.Discard, r)
	return b
}

// ending is how the confined child ended, as its supervisor saw it.
type ending struct {
	report   []byte // what the status pipe carried
	complete bool   // the pipe reached its end within reportGrace of the child's exit
	signaled bool
	signal   syscall.Signal
	status   int           // the exit status when not signaled
	cpu      time.Duration // the child's user and system CPU time
}

// judge turns the child's end into the supervisor's: the exit status to
// pass on, or a refusal (non-empty) that onLimit reports. Nothing the
// child printed counts: only the kernel's wait status, the CPU time and
// the report. A run that did not report exactly the status it exited
// with is refused, whatever that status: never a pass.
func judge(e ending, l Limits) (code int, refusal string) {
	if e.signaled {
		// The kernel's SIGKILL at the CPU hard limit (or a SIGXCPU
		// the child could not handle) leaves no word and no report.
		if (e.signal == syscall.SIGKILL || e.signal == syscall.SIGXCPU) && e.cpu >= time.Duration(l.CPUSeconds)*time.Second {
			return 0, fmt.Sprintf("CPU time limit of %d s exceeded (killed by %v)", l.CPUSeconds, e.signal)
		}
		return 128 + int(e.signal), ""
	}
	switch {
	case !e.complete:
		return 0, fmt.Sprintf("the run exited with status %d but its status pipe was still open elsewhere: its report cannot be trusted", e.status)
	case len(e.report) == 0 && e.status != goRuntimeExit:
		return 0, fmt.Sprintf("the run exited with status %d without reporting how it ended: something other than its own exit path ended it, so its status is not the run's", e.status)
	case len(e.report) == 0:
		return 0, fmt.Sprintf("the run died in the Go runtime (exit status %d) without reporting how it ended: allocation failing at the address space limit of %d bytes ends a run so, as do an unrecovered panic and the runtime's other fatal errors; the runtime's own report is on standard error", e.status, l.AddressSpace)
	case len(e.report) != reportLen || e.report[0] != reportMark:
		return 0, fmt.Sprintf("the run exited with status %d and a malformed report (%d bytes)", e.status, len(e.report))
	case int(e.report[1]) != e.status:
		return 0, fmt.Sprintf("the run reported exit status %d but exited with status %d", e.report[1], e.status)
	}
	return e.status, ""
}
