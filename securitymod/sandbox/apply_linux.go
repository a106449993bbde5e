package sandbox

import (
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"sort"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Apply confines the calling process, every thread of it, for the rest
// of its life: resource limits, no_new_privs, the seccomp filter, then
// the Landlock ruleset. A protection the policy needs and the kernel
// lacks is an *Error unless p.AllowUnconfined, when the Report lists it.
// Call it once, in main, before the receipt is read; call Seal after
// the run is admitted.
func Apply(p Policy) (*Report, error) {
	return apply(p, kernel{abi: landlockABI(), seccomp: seccompAvailable()})
}

// kernel is what the running kernel provides; tests pass less to see
// the refusals and the reports of a weaker kernel.
type kernel struct {
	abi     int
	seccomp bool
}

func apply(p Policy, k kernel) (*Report, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	rep := &Report{LandlockABI: k.abi}
	missing := func(what string) error {
		if !p.AllowUnconfined {
			return &Error{Step: "kernel", Reason: what + " (the policy does not allow running unconfined)"}
		}
		rep.Unconfined = append(rep.Unconfined, what)
		return nil
	}
	// Plan the filesystem rules first: a misconfigured root refuses the
	// run before anything is restricted. The deny list is placed in every
	// home the run could mean: the policy's, $HOME's and the account's.
	var grants []grant
	var notes []string
	homes := map[string]bool{}
	for _, h := range []string{p.Home, os.Getenv("HOME"), accountHome()} {
		if filepath.IsAbs(h) {
			homes[filepath.Clean(h)] = true
		}
	}
	if len(homes) == 0 {
		return nil, &Error{Step: "policy", Reason: "no home folder: the deny list (~/.ssh, ...) cannot be placed"}
	}
	var denied []string
	for h := range homes {
		denied = append(denied, deniedSubtrees(h, p.Deny)...)
	}
	sort.Strings(denied)
	ro, n1, err := plan(p.ReadOnly, roDir, denied, false)
	if err != nil {
		return nil, err
	}
	rw, n2, err := plan(p.ReadWrite, rwDir, denied, true)
	if err != nil {
		return nil, err
	}
	grants = append(append(grants, ro...), rw...)
	notes = append(n1, n2...)
	for _, sec := range p.Secrets {
		if _, err := os.Stat(sec); err == nil {
			grants = append(grants, grant{path: sec, access: roDir, follow: true})
		}
		// The encrypted-file store takes an flock on its lock file,
		// opened read-write (securitymod/secrets, lockName): that file
		// alone is writable.
		if lock := filepath.Join(sec, secretsLock); fileExists(lock) {
			grants = append(grants, grant{path: lock, access: rwFile, follow: false})
		}
	}
	if a := p.Admission; a.Receipt != "" {
		grants = append(grants, grant{path: a.Receipt, access: roFile, follow: true})
	}
	if a := p.Admission; a.Trace != "" {
		grants = append(grants, grant{path: a.Trace, access: rwFile, follow: true})
	}

	limits, err := setLimits(p.Limits.WithDefaults())
	if err != nil {
		return nil, err
	}
	rep.Limits = limits

	if k.seccomp {
		f := buildFilter(filterOptions{base: true, families: true, dgram: p.DNS, denyAll: false})
		if err := installFilter(f); err != nil {
			return nil, err
		}
		rep.Seccomp = "no exec, ptrace, mount, bpf, namespaces, keyring, fork, rlimit raise, io_uring; sockets: inet stream"
		if p.DNS {
			rep.Seccomp += " and datagram"
		}
	} else {
		rep.Seccomp = "unavailable"
		if err := missing("seccomp filters (no exec/ptrace/mount/namespace/socket restrictions)"); err != nil {
			return nil, err
		}
	}

	abi := rep.LandlockABI
	rs := ruleset{}
	if abi >= 1 {
		rs.fs = handledFS(abi)
		rs.paths = append(grants, psxGrants(abi)...)
		rep.Filesystem = fmt.Sprintf("%d rules", len(grants))
		if len(notes) > 0 {
			rep.Filesystem += " (" + joinNotes(notes) + ")"
		}
	} else {
		rep.Filesystem = "unconfined"
		if err := missing("Landlock (no filesystem confinement)"); err != nil {
			return nil, err
		}
	}
	ports := connectPorts(p)
	if abi >= 4 {
		rs.net = ll.AccessNetBindTCP | ll.AccessNetConnectTCP
		rs.ports = ports
		rep.Network = fmt.Sprintf("TCP connect to ports %v only", ports)
		if p.Network == NetNone {
			rep.Network = "none after admission"
		}
	} else {
		switch p.Network {
		case NetPorts:
			rep.Network = "socket families restricted to inet; ports NOT filtered"
			if err := missing("Landlock TCP port rules (ABI 4): connections to any port are possible"); err != nil {
				return nil, err
			}
		default:
			rep.Network = "none after admission (seccomp)"
		}
	}
	if p.DNS {
		rep.Network += "; UDP for name resolution, not port-filtered"
	}
	if abi >= 6 {
		rs.scoped = ll.ScopeAbstractUnixSocket | ll.ScopeSignal
	}
	if abi >= 1 {
		if err := rs.enforce(abi); err != nil {
			return nil, err
		}
	}
	if p.Admission.ServicePort == 0 {
		if err := seal(p, k); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

func joinNotes(n []string) string {
	s := ""
	for i, x := range n {
		if i > 0 {
			s += "; "
		}
		s += x
	}
	return s
}

// connectPorts: the configured ports, port 53 for DNS and, until Seal,
// the approval service's.
func connectPorts(p Policy) []uint16 {
	set := map[uint16]bool{}
	if p.Network == NetPorts {
		for _, port := range p.ConnectPorts {
			set[port] = true
		}
		if p.DNS {
			set[53] = true
		}
	}
	if p.Admission.ServicePort != 0 {
		set[p.Admission.ServicePort] = true
	}
	out := make([]uint16, 0, len(set))
	for port := range set {
		out = append(out, port)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Seal withdraws what only the admission needed, once the run is
// admitted and before the plan's first statement: a NetNone run loses
// socket(2) altogether, a NetPorts run the service's port. Restrictions
// only stack: nothing Apply refused becomes allowed.
func Seal(p Policy) error {
	return seal(p, kernel{abi: landlockABI(), seccomp: seccompAvailable()})
}

func seal(p Policy, k kernel) error {
	if p.Network == NetNone {
		if k.seccomp {
			if err := installFilter(buildFilter(filterOptions{denyAll: true})); err != nil {
				return err
			}
		} else if !p.AllowUnconfined {
			return &Error{Step: "kernel", Reason: "seccomp filters are unavailable: socket(2) cannot be refused"}
		}
	}
	abi := k.abi
	if abi < 4 || p.Admission.ServicePort == 0 {
		return nil
	}
	q := p
	q.Admission.ServicePort = 0
	rs := ruleset{net: ll.AccessNetBindTCP | ll.AccessNetConnectTCP, ports: connectPorts(q)}
	return rs.enforce(abi)
}

// setLimits applies the limits. The CPU hard limit is 2 s above the soft
// one, so SIGXCPU can be reported before the kernel's SIGKILL.
func setLimits(l Limits) (string, error) {
	set := []struct {
		name     string
		res      int
		soft, hd uint64
	}{
		{"cpu", unix.RLIMIT_CPU, l.CPUSeconds, l.CPUSeconds + 2},
		{"address space", unix.RLIMIT_AS, l.AddressSpace, l.AddressSpace},
		{"open files", unix.RLIMIT_NOFILE, l.OpenFiles, l.OpenFiles},
		{"file size", unix.RLIMIT_FSIZE, l.FileSize, l.FileSize},
		{"processes", unix.RLIMIT_NPROC, l.Processes, l.Processes},
	}
	for _, s := range set {
		var cur unix.Rlimit
		if err := unix.Getrlimit(s.res, &cur); err != nil {
			return "", &Error{Step: "rlimit", Reason: fmt.Sprintf("reading the %s limit: %v", s.name, err)}
		}
		want := unix.Rlimit{Cur: s.soft, Max: s.hd}
		// Never raise a limit the runner already set lower.
		if cur.Max != unix.RLIM_INFINITY && want.Max > cur.Max {
			want.Max = cur.Max
		}
		if want.Cur > want.Max {
			want.Cur = want.Max
		}
		if err := unix.Setrlimit(s.res, &want); err != nil {
			return "", &Error{Step: "rlimit", Reason: fmt.Sprintf("setting the %s limit to %d: %v", s.name, s.soft, err)}
		}
	}
	return fmt.Sprintf("cpu %ds, address space %d, open files %d, file size %d, processes %d", l.CPUSeconds, l.AddressSpace, l.OpenFiles, l.FileSize, l.Processes), nil
}

// accountHome is the home folder of the account running the binary, from
// the user database ("" when it cannot be read).
func accountHome() string {
	u, err := user.Current()
	if err != nil {
		return ""
	}
	return u.HomeDir
}

// secretsLock is securitymod/secrets' lock file name in its store folder.
const secretsLock = "secrets.lock"

func fileExists(p string) bool {
	st, err := os.Lstat(p)
	return err == nil && st.Mode().IsRegular()
}
