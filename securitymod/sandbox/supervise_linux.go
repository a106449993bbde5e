package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"
	"time"
)

// supervise runs this program again as its own confined child and turns
// how the child ended into the run's outcome. The Go runtime cannot
// recover from allocation failing at the address-space limit (it exits 2,
// as it does on an unrecovered panic or any other fatal error), and the
// kernel's SIGKILL at the CPU hard limit leaves no word; the parent, which
// runs none of the plan's or the layers' code, tells those ends apart
// from the run's own by structure alone: the child inherits the write end
// of a pipe as statusFD, and its exit path (Runtime.Exit) writes there
// the status it exits with. What the child prints is passed on to this
// process's standard error as it is and never read. Judge says which
// ends are refusals, reported through onLimit; any other end is passed
// on: the child's exit status, or 128+signal. It does not return.
func supervise(l Limits, onLimit func(string)) {
	cmd := exec.Command("/proc/self/exe", os.Args[1:]...)
	cmd.Args[0] = os.Args[0]
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// The child dies with its supervisor (killed by a runner's timeout,
	// say) instead of running on unsupervised. Pdeathsig follows the
	// thread that started the child, so that thread is kept.
	runtime.LockOSThread()
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	pr, pw, err := os.Pipe()
	if err == nil {
		cmd.ExtraFiles = []*os.File{pw} // statusFD in the child
		err = cmd.Start()
		// Only the child holds the write end now: the pipe ends when
		// the child does.
		pw.Close()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "clauz3: sandbox: starting the confined run: %v\n", err)
		os.Exit(exitStartFailed)
	}
	reports := make(chan []byte, 1)
	go func() { reports <- readReport(pr) }()
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	err = cmd.Wait()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		fmt.Fprintf(os.Stderr, "clauz3: sandbox: waiting for the confined run: %v\n", err)
		os.Exit(exitStartFailed)
	}
	var e ending
	select {
	case e.report = <-reports:
		e.complete = true
	case <-time.After(reportGrace):
	}
	ps := cmd.ProcessState
	e.cpu = ps.UserTime() + ps.SystemTime()
	ws, _ := ps.Sys().(syscall.WaitStatus)
	e.signaled, e.signal, e.status = ws.Signaled(), ws.Signal(), ws.ExitStatus()
	code, refusal := judge(e, l)
	if refusal != "" {
		onLimit(refusal)
		os.Exit(exitRefused)
	}
	os.Exit(code)
}

// adoptStatus takes this confined child's status pipe: statusFD must be
// the write end of a pipe (a process that marks itself as the child
// without one is refused, not run unsupervised), and it is made
// close-on-exec so that nothing the run might execute inherits it.
func adoptStatus() (*os.File, error) {
	var st syscall.Stat_t
	if err := syscall.Fstat(statusFD, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFIFO {
		return nil, &Error{Step: "supervise", Reason: fmt.Sprintf("%s is set but descriptor %d is not the supervisor's status pipe", childEnv, statusFD)}
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, statusFD, syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_ACCMODE != syscall.O_WRONLY {
		return nil, &Error{Step: "supervise", Reason: fmt.Sprintf("%s is set but descriptor %d is not the write end of the supervisor's status pipe", childEnv, statusFD)}
	}
	syscall.CloseOnExec(statusFD)
	return os.NewFile(statusFD, "clauz3-sandbox-status"), nil
}
