package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Support is what this machine's kernel provides, for `clauz3 doctor`.
type Support struct {
	OS, Arch    string
	LandlockABI int  // 0: no Landlock
	Seccomp     bool // seccomp filters with this package's BPF for the architecture
	Rlimits     bool
}

// Probe reports the kernel's protections without restricting anything.
func Probe() Support {
	return Support{OS: runtime.GOOS, Arch: runtime.GOARCH, LandlockABI: landlockABI(), Seccomp: seccompAvailable(), Rlimits: runtime.GOOS == "linux"}
}

// Lines renders the support for people, one protection a line.
func (s Support) Lines() []string {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "NO"
	}
	ll := "NO (no filesystem confinement)"
	switch {
	case s.LandlockABI >= 4:
		ll = fmt.Sprintf("ABI %d: files and folders, TCP ports", s.LandlockABI)
	case s.LandlockABI >= 1:
		ll = fmt.Sprintf("ABI %d: files and folders; NO TCP port rules (ABI 4)", s.LandlockABI)
	}
	return []string{
		"platform: " + s.OS + "/" + s.Arch,
		"landlock: " + ll,
		"seccomp filters: " + yes(s.Seccomp),
		"resource limits: " + yes(s.Rlimits),
	}
}

// Missing names the protections a sealed run needs and this machine
// lacks ("" when none).
func (s Support) Missing() string {
	var m []string
	if s.LandlockABI < 1 {
		m = append(m, "Landlock")
	} else if s.LandlockABI < 4 {
		m = append(m, "Landlock TCP port rules (ABI 4)")
	}
	if !s.Seccomp {
		m = append(m, "seccomp filters")
	}
	if !s.Rlimits {
		m = append(m, "resource limits")
	}
	return strings.Join(m, ", ")
}

// Runtime is what a generated main hands planrt: the policy gen derived,
// applied once the command line names the run's receipt, trace and
// service. It implements planrt.Sandbox.
type Runtime struct {
	Policy Policy
	// status is a confined child's status pipe, taken by Confine and
	// written only by Exit; nil in any other process.
	status *os.File
	// exiting is held by the first Exit for good: a second one (a
	// limit's refusal racing the run's own end) waits for the process
	// to end, so the one report written is the status it exits with.
	exiting sync.Mutex
}

// Confine applies the policy with the run's own files and the service's
// port, and reports SIGXCPU and SIGXFSZ (the CPU and file-size limits)
// through onLimit, which ends the run. With onLimit set, the process
// first becomes the supervisor of a confined copy of itself (see
// supervise), which reports a run that died in the Go runtime (memory
// exhaustion at the address-space limit among others) and the kernel's
// SIGKILL at the CPU hard limit; only the copy returns from Confine, and
// it must end through Exit, which reports its exit status to the
// supervisor. It returns what the run is NOT protected from (empty when
// fully confined).
func (r *Runtime) Confine(receipt, trace, service string, onLimit func(reason string)) (string, error) {
	p := r.Policy
	p.Admission = Admission{Receipt: receipt, Trace: trace}
	if service != "" {
		port, named, err := servicePort(service)
		if err != nil {
			return "", err
		}
		p.Admission.ServicePort = port
		if named {
			// A service named by host name ("localhost") is found in
			// /etc/hosts: the name-service files are read-only anyway
			// for any layer with network access.
			p.ReadOnly = append(append([]string(nil), p.ReadOnly...), NameServiceFiles...)
		}
	}
	if onLimit != nil {
		if !supervised() {
			supervise(p.Limits.WithDefaults(), onLimit)
		}
		status, err := adoptStatus()
		if err != nil {
			return "", err
		}
		r.status = status
	}
	watch(p.Limits.WithDefaults(), onLimit)
	rep, err := Apply(p)
	if err != nil {
		return "", err
	}
	r.Policy = p
	return strings.Join(rep.Unconfined, "; "), nil
}

// Seal withdraws the admission's network access.
func (r *Runtime) Seal() error { return Seal(r.Policy) }

// Denied says whether an effect's error is the sandbox refusing an
// operation (and which), "" otherwise: Denial, which reads the errno in
// the error's chain. The trusted layers wrap their causes with %w so that
// it reaches it.
func (r *Runtime) Denied(err error) string { return Denial(err) }

// Class is what an effect's error is to the sandbox: not its doing, a
// refused operation, or an exceeded limit. Tests and callers compare
// classes, not the words String gives them.
type Class int

const (
	NotDenied      Class = iota
	NotPermitted         // Landlock's EACCES (EXDEV across its rules), seccomp's EPERM
	FileSizeLimit        // EFBIG: the write crossed RLIMIT_FSIZE
	OpenFilesLimit       // EMFILE: RLIMIT_NOFILE
)

// String is the class as the run's refusal line names it ("" for
// NotDenied).
func (c Class) String() string {
	switch c {
	case NotPermitted:
		return "operation not permitted"
	case FileSizeLimit:
		return "file size limit exceeded"
	case OpenFilesLimit:
		return "open files limit exceeded"
	}
	return ""
}

// Classify finds the class of err by the errno in its chain
// (errors.As); an error that only wraps fs.ErrPermission is
// NotPermitted too. It never reads the message: an error whose text
// merely reads like the kernel's (a server's reply, a file name, a cause
// flattened with %v) is NotDenied, and stays the effect's own failure.
func Classify(err error) Class {
	if err == nil {
		return NotDenied
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		switch errno {
		case syscall.EACCES, syscall.EPERM, syscall.EXDEV:
			return NotPermitted
		case syscall.EFBIG:
			return FileSizeLimit
		case syscall.EMFILE:
			return OpenFilesLimit
		}
	}
	if errors.Is(err, fs.ErrPermission) {
		return NotPermitted
	}
	return NotDenied
}

// Denial is the sandbox's refusal that err shows, as the run reports it
// ("<class>: <err>"), or "" when Classify finds none.
func Denial(err error) string {
	c := Classify(err)
	if c == NotDenied {
		return ""
	}
	return c.String() + ": " + err.Error()
}

// NameServiceFiles are what Go's resolver reads before it asks DNS.
var NameServiceFiles = []string{"/etc/hosts", "/etc/resolv.conf", "/etc/nsswitch.conf", "/etc/host.conf"}

// servicePort is the approval service's TCP port, and whether its host is
// a name rather than an address literal.
func servicePort(service string) (uint16, bool, error) {
	u, err := url.Parse(service)
	if err != nil || u.Host == "" {
		return 0, false, &Error{Step: "policy", Reason: fmt.Sprintf("service URL %q has no host", service)}
	}
	_, notLiteral := netip.ParseAddr(u.Hostname())
	named := notLiteral != nil
	port := u.Port()
	if port == "" {
		switch u.Scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		default:
			return 0, false, &Error{Step: "policy", Reason: fmt.Sprintf("service URL %q: unknown scheme", service)}
		}
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil || n == 0 {
		return 0, false, &Error{Step: "policy", Reason: fmt.Sprintf("service URL %q: bad port", service)}
	}
	return uint16(n), named, nil
}

// watch turns SIGXCPU and SIGXFSZ into onLimit calls. Go ignores both by
// default: the write that crossed the file-size limit fails with EFBIG
// and the CPU limit would end in the kernel's SIGKILL without a word.
func watch(l Limits, onLimit func(string)) {
	if onLimit == nil {
		return
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGXCPU, syscall.SIGXFSZ)
	go func() {
		s := <-ch
		if s == syscall.SIGXCPU {
			onLimit(fmt.Sprintf("CPU time limit of %d s exceeded", l.CPUSeconds))
			return
		}
		onLimit(fmt.Sprintf("file size limit of %d bytes exceeded", l.FileSize))
	}()
}
