package sandbox

import (
	"bufio"
	"io"
	"os"
	"strings"
)

// childEnv marks the confined child of a supervised run. It only decides
// who reports, never whether the sandbox applies: a process that sets it
// itself is confined all the same, it just reports memory exhaustion as
// the Go runtime's fatal error.
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
