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
// how the child ended into the run's outcome: the Go runtime cannot
// recover from allocation failing at the address-space limit (it prints
// "fatal error: runtime: out of memory" and exits 2), and the kernel's
// SIGKILL at the CPU hard limit leaves no word, so the parent, which runs
// none of the plan's or the layers' code, reports those as refusals
// through onLimit. Any other end is passed on: the child's exit status,
// or 128+signal. It does not return.
func supervise(l Limits, onLimit func(string)) {
	cmd := exec.Command("/proc/self/exe", os.Args[1:]...)
	cmd.Args[0] = os.Args[0]
	cmd.Env = append(os.Environ(), childEnv+"=1")
	cmd.Stdin, cmd.Stdout = os.Stdin, os.Stdout
	// The child dies with its supervisor (killed by a runner's timeout,
	// say) instead of running on unsupervised. Pdeathsig follows the
	// thread that started the child, so that thread is kept.
	runtime.LockOSThread()
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stderr, err := cmd.StderrPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "clauz3: sandbox: starting the confined run: %v\n", err)
		os.Exit(exitStartFailed)
	}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	oom := copyStderr(os.Stderr, stderr)
	err = cmd.Wait()
	var ee *exec.ExitError
	switch {
	case err == nil:
		os.Exit(0)
	case !errors.As(err, &ee):
		fmt.Fprintf(os.Stderr, "clauz3: sandbox: waiting for the confined run: %v\n", err)
		os.Exit(exitStartFailed)
	case oom:
		onLimit(fmt.Sprintf("address space limit of %d bytes exceeded (the run ran out of memory)", l.AddressSpace))
	}
	ws, _ := ee.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		cpu := ee.ProcessState.UserTime() + ee.ProcessState.SystemTime()
		if (ws.Signal() == syscall.SIGKILL || ws.Signal() == syscall.SIGXCPU) && cpu >= time.Duration(l.CPUSeconds)*time.Second {
			onLimit(fmt.Sprintf("CPU time limit of %d s exceeded (killed by %v)", l.CPUSeconds, ws.Signal()))
		}
		os.Exit(128 + int(ws.Signal()))
	}
	os.Exit(ws.ExitStatus())
}
