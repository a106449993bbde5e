package sandbox

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Network says what sockets a confined program may open.
type Network string

const (
	// NetNone: no socket at all, of any family (seccomp refuses socket(2)
	// and socketpair(2) once the run is admitted).
	NetNone Network = "none"
	// NetPorts: TCP over IPv4/IPv6 only, connect(2) only to ConnectPorts
	// (Landlock ABI >= 4), and UDP only when DNS is set.
	NetPorts Network = "ports"
)

// Limits are the resource limits (setrlimit) of a confined run. Zero
// means the default of DefaultLimits; there is no "unlimited".
type Limits struct {
	CPUSeconds   uint64 // RLIMIT_CPU: SIGXCPU at the limit, SIGKILL 2 s later
	AddressSpace uint64 // RLIMIT_AS in bytes: allocation past it fails
	OpenFiles    uint64 // RLIMIT_NOFILE
	FileSize     uint64 // RLIMIT_FSIZE in bytes: SIGXFSZ/EFBIG past it
	Processes    uint64 // RLIMIT_NPROC (threads of the user; not enforced for root: seccomp refuses fork either way)
}

// DefaultLimits are the limits of a policy that names none.
var DefaultLimits = Limits{
	CPUSeconds:   60,
	AddressSpace: 4 << 30,
	OpenFiles:    256,
	FileSize:     64 << 20,
	Processes:    4096,
}

// WithDefaults fills the zero fields from DefaultLimits.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	if l.CPUSeconds == 0 {
		l.CPUSeconds = d.CPUSeconds
	}
	if l.AddressSpace == 0 {
		l.AddressSpace = d.AddressSpace
	}
	if l.OpenFiles == 0 {
		l.OpenFiles = d.OpenFiles
	}
	if l.FileSize == 0 {
		l.FileSize = d.FileSize
	}
	if l.Processes == 0 {
		l.Processes = d.Processes
	}
	return l
}

// Policy is what one sealed run may touch. gen derives it at build time
// from the layers the plan links and the layer configuration the run will
// use, and embeds it in the generated main.
type Policy struct {
	// ReadOnly: files and folders (with everything beneath) the run may
	// read. A missing path is skipped: it cannot be read either way.
	ReadOnly []string
	// ReadWrite: files and folders (with everything beneath) the run may
	// read, write, create in and remove from. A missing path is an error:
	// a configured root that does not exist is a misconfiguration.
	ReadWrite []string
	// Secrets: read-only files or folders of a layer's own secret store
	// (the encrypted-file fallback of securitymod/secrets), granted even
	// though the deny list covers them: the layer reads its credential
	// there by design.
	Secrets []string
	// Home is the home folder whose credential locations (the path
	// floor's deny list: ~/.ssh, ~/.aws, ...) are never granted, even
	// inside a ReadOnly or ReadWrite folder. Empty: $HOME at Apply.
	Home string
	// Deny: more subtrees never granted (absolute paths).
	Deny []string
	// Network: NetNone or NetPorts.
	Network Network
	// ConnectPorts: the TCP ports a NetPorts run may connect to.
	ConnectPorts []uint16
	// DNS: allow UDP sockets (and TCP to port 53) for name resolution.
	// UDP datagrams are not port-filtered by Landlock before ABI 10: the
	// report says so.
	DNS bool
	// Limits: resource limits; zero fields take DefaultLimits.
	Limits Limits
	// Admission is what only the admission of the run needs; the runtime
	// fills it from the command line, never gen. Seal withdraws the
	// service port once the receipt is redeemed.
	Admission Admission
	// AllowUnconfined: a kernel feature the policy needs and the kernel
	// lacks is reported, not an error. Without it Apply refuses.
	AllowUnconfined bool
}

// Admission names the run's own files and the approval service: the
// receipt (read-only), the trace (read-write, created before Apply) and
// the service's TCP port (connect, until Seal). They are granted as exact
// files even inside a denied subtree: the runner chose them, not the plan.
type Admission struct {
	Receipt     string
	Trace       string
	ServicePort uint16
}

// Validate checks the policy's own shape: absolute paths, a known
// network mode, ports only with NetPorts.
func (p Policy) Validate() error {
	for _, set := range []struct {
		name  string
		paths []string
	}{{"read-only", p.ReadOnly}, {"read-write", p.ReadWrite}, {"deny", p.Deny}, {"secrets", p.Secrets}} {
		for _, path := range set.paths {
			if !filepath.IsAbs(path) || strings.ContainsRune(path, 0) {
				return &Error{Step: "policy", Problem: PathNotAbsolute, Reason: fmt.Sprintf("%s path %q is not absolute", set.name, path)}
			}
		}
	}
	if p.Home != "" && !filepath.IsAbs(p.Home) {
		return &Error{Step: "policy", Problem: PathNotAbsolute, Reason: fmt.Sprintf("home %q is not absolute", p.Home)}
	}
	switch p.Network {
	case NetNone:
		if len(p.ConnectPorts) > 0 || p.DNS {
			return &Error{Step: "policy", Problem: NetworkNoneReaches, Reason: "network none names ports or DNS"}
		}
	case NetPorts:
		for _, port := range p.ConnectPorts {
			if port == 0 {
				return &Error{Step: "policy", Problem: PortZero, Reason: "port 0 is not a port"}
			}
		}
	default:
		return &Error{Step: "policy", Problem: UnknownNetworkMode, Reason: fmt.Sprintf("unknown network mode %q (want %q or %q)", p.Network, NetNone, NetPorts)}
	}
	return nil
}

// String renders the policy on one line per part, for cards and the
// generated main's comment.
func (p Policy) String() string { return p.Describe(nil) }

// Describe is String with the lines of network detail (the hosts a run
// may reach, say) right after the network line, so a caller adds them
// without looking for that line in the text.
func (p Policy) Describe(networkDetail []string) string {
	var b strings.Builder
	list := func(xs []string) string {
		if len(xs) == 0 {
			return "(none)"
		}
		s := append([]string(nil), xs...)
		sort.Strings(s)
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(&b, "read-only: %s\n", list(p.ReadOnly))
	fmt.Fprintf(&b, "read-write: %s\n", list(p.ReadWrite))
	if len(p.Secrets) > 0 {
		fmt.Fprintf(&b, "secret store (read-only): %s\n", list(p.Secrets))
	}
	if p.Network == NetPorts {
		ps := append([]uint16(nil), p.ConnectPorts...)
		sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
		ports := make([]string, len(ps))
		for i, port := range ps {
			ports[i] = fmt.Sprint(port)
		}
		if len(ports) == 0 {
			ports = []string{"(none)"}
		}
		fmt.Fprintf(&b, "network: TCP connect to ports %s", strings.Join(ports, ", "))
		if p.DNS {
			b.WriteString(", DNS")
		}
		b.WriteString("\n")
	} else {
		b.WriteString("network: none\n")
	}
	for _, l := range networkDetail {
		b.WriteString(l + "\n")
	}
	l := p.Limits.WithDefaults()
	fmt.Fprintf(&b, "limits: cpu %ds, address space %d bytes, open files %d, file size %d bytes, processes %d\n", l.CPUSeconds, l.AddressSpace, l.OpenFiles, l.FileSize, l.Processes)
	if p.AllowUnconfined {
		b.WriteString("allow unconfined: yes\n")
	}
	return b.String()
}

// Error is a sandbox that could not be set up: the run must not start.
type Error struct {
	Step string // policy, landlock, seccomp, rlimit, prctl
	// Problem is what is wrong with a policy Validate refuses; zero for
	// the other steps' errors.
	Problem PolicyProblem
	Reason  string
}

// PolicyProblem is the kind of a policy Validate refuses.
type PolicyProblem int

const (
	PathNotAbsolute    PolicyProblem = iota + 1 // a path of the policy (or its home) is not absolute, or holds a NUL
	NetworkNoneReaches                          // network "none" names ports or DNS
	PortZero                                    // a connect port is 0
	UnknownNetworkMode                          // the network mode is neither "none" nor "ports"
)

func (e *Error) Error() string { return "sandbox: " + e.Step + ": " + e.Reason }

// Report says what Apply enforces. Unconfined lists every protection the
// policy asked for that the kernel does not provide (non-empty only with
// AllowUnconfined).
type Report struct {
	LandlockABI int
	Filesystem  string
	Network     string
	Seccomp     string
	Limits      string
	Unconfined  []string
}

func (r *Report) String() string {
	s := fmt.Sprintf("landlock ABI %d; filesystem: %s; network: %s; seccomp: %s; limits: %s", r.LandlockABI, r.Filesystem, r.Network, r.Seccomp, r.Limits)
	if len(r.Unconfined) > 0 {
		s += "; UNCONFINED: " + strings.Join(r.Unconfined, "; ")
	}
	return s
}
