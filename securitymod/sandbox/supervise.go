package sandbox

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

// childEnv marks the confined child of a supervised run. It only decides
// who reports, never whether the sandbox applies: a process that sets it
// itself is confined all the same, it just reports memory exhaustion as
// the Go runtime's fatal error.
const childEnv = "CLAUZ3_SANDBOX_CHILD"

// supervised reports whether this process is the confined child.
func supervised() bool { return os.Getenv(childEnv) == "1" }

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

// exitStartFailed: the supervisor could not run the child (the exit
// status of a command line the binary could not carry out).
const exitStartFailed = 2

// copyStderr passes the child's standard error on and reports whether
// the child died out of memory; the goroutine dump after that line is
// dropped: the refusal says what happened.
func copyStderr(w io.Writer, r io.Reader) (oom bool) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		if !oom && line != "" {
			if strings.HasPrefix(line, "fatal error: runtime: out of memory") || strings.HasPrefix(line, "fatal error: out of memory") || strings.HasPrefix(line, "runtime: out of memory") {
				oom = true
			} else {
				io.WriteString(w, line)
			}
		}
		if err != nil {
			return oom
		}
	}
}
