//go:build linux

package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The scenarios run in a child process (this test binary re-executed):
// a sandbox cannot be lifted, so the test process itself stays free.
// The child applies the policy from $SANDBOX_POLICY (unless
// $SANDBOX_SKIP, the unconfined control that shows each operation
// succeeds without the sandbox), performs $SANDBOX_OP and prints its
// outcome as one JSON line (a result), which the test compares field by
// field: the class Classify found, never the words of an error. A limit
// that ends the run prints onLimit's "DENIED <reason>" instead.
func TestMain(m *testing.M) {
	if op := os.Getenv("SANDBOX_OP"); op != "" {
		// The run's one exit path, as planrt.Main's: a supervised
		// child reports its status before it exits.
		r := &Runtime{}
		var end sync.Mutex
		r.Exit(child(op, r, &end))
	}
	os.Exit(m.Run())
}

// child performs op; end is claimed (never released) by whichever ends
// the run first, its result or a limit's refusal (a write past the
// file-size limit fails with EFBIG and raises SIGXFSZ at once), so the
// run prints one of them, never both.
func child(op string, r *Runtime, end *sync.Mutex) int {
	var p Policy
	if err := json.Unmarshal([]byte(os.Getenv("SANDBOX_POLICY")), &p); err != nil {
		fmt.Println("bad policy:", err)
		return 2
	}
	arg := os.Getenv("SANDBOX_ARG")
	// Threads that exist before Apply must be confined too.
	results := make(chan result, 4)
	var ready sync.WaitGroup
	start := make(chan struct{})
	threaded := op == "read-threads"
	if threaded {
		for i := 0; i < 4; i++ {
			ready.Add(1)
			go func() {
				runtime.LockOSThread()
				ready.Done()
				<-start
				_, err := os.ReadFile(arg)
				results <- outcome(err)
			}()
		}
		ready.Wait()
	}
	if k := os.Getenv("SANDBOX_KERNEL"); k != "" {
		// A weaker kernel than this one: "abi,seccomp".
		abi, sec, _ := strings.Cut(k, ",")
		n, _ := strconv.Atoi(abi)
		rep, err := apply(p, kernel{abi: n, seccomp: sec == "true"})
		if err != nil {
			fmt.Println("REFUSED", err)
			return 0
		}
		fmt.Println("APPLIED", strings.Join(rep.Unconfined, "; "))
		return 0
	}
	if os.Getenv("SANDBOX_SKIP") == "" {
		r.Policy = p
		if _, err := r.Confine("", "", "", func(reason string) {
			end.Lock()
			fmt.Println("DENIED " + reason)
			r.Exit(4)
		}); err != nil {
			fmt.Println("apply:", err)
			return 2
		}
	}
	var err error
	switch op {
	case "read":
		_, err = os.ReadFile(arg)
	case "read-threads":
		close(start)
		for i := 0; i < 4; i++ {
			if r := <-results; r.Outcome != "denied" {
				say(end, r)
				return 0
			}
		}
		_, err = os.ReadFile(arg)
	case "write":
		err = os.WriteFile(arg, []byte("changed"), 0o644)
	case "hardlink":
		// arg: outside file; the link is made inside the root, then
		// written through.
		link := os.Getenv("SANDBOX_ARG2")
		if err = os.Link(arg, link); err == nil {
			err = os.WriteFile(link, []byte("changed"), 0o644)
		}
	case "chmod":
		err = os.Chmod(arg, 0o777)
	case "chown":
		err = os.Chown(arg, 12345, 12345)
	case "chtimes":
		err = os.Chtimes(arg, time.Unix(0, 0), time.Unix(0, 0))
	case "listen":
		var l net.Listener
		if l, err = net.Listen("tcp", "127.0.0.1:0"); err == nil {
			l.Close()
		}
	case "socket":
		var fd int
		fd, err = syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		if err == nil {
			syscall.Close(fd)
		}
	case "unix-socket":
		var fd int
		fd, err = syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
		if err == nil {
			syscall.Close(fd)
		}
	case "connect":
		var c net.Conn
		c, err = net.DialTimeout("tcp", arg, 5*time.Second)
		if err == nil {
			c.Close()
		}
	case "exec":
		// The shell, if it runs, reports what the child would have.
		err = syscall.Exec("/bin/sh", []string{"sh", "-c", `echo '{"outcome":"allowed"}'`}, nil)
	case "fork":
		for i := 0; i < 50 && err == nil; i++ {
			var pid int
			pid, err = syscall.ForkExec("/bin/true", []string{"true"}, nil)
			if err == nil {
				var ws syscall.WaitStatus
				syscall.Wait4(pid, &ws, 0, nil)
			}
		}
	case "rawfork":
		// fork(2) without exec, in a loop, as clone(SIGCHLD) (the form
		// both amd64 and arm64 have); each child exits at once.
		for i := 0; i < 50 && err == nil; i++ {
			pid, _, e := syscall.RawSyscall6(syscall.SYS_CLONE, uintptr(syscall.SIGCHLD), 0, 0, 0, 0, 0)
			switch {
			case e != 0:
				err = e
			case pid == 0:
				syscall.RawSyscall(syscall.SYS_EXIT_GROUP, 0, 0, 0)
			default:
				var ws syscall.WaitStatus
				syscall.Wait4(int(pid), &ws, 0, nil)
			}
		}
	case "unshare":
		// A new UTS namespace (root may; the tests run as root).
		runtime.LockOSThread()
		err = syscall.Unshare(syscall.CLONE_NEWUTS)
	case "ptrace":
		// arg: the pid of a process the test started. PTRACE_SEIZE does
		// not stop it; the tracer's exit detaches it.
		pid, _ := strconv.Atoi(arg)
		if _, _, e := syscall.Syscall6(syscall.SYS_PTRACE, unix.PTRACE_SEIZE, uintptr(pid), 0, 0, 0, 0); e != 0 {
			err = e
		}
	case "mount":
		// arg: an empty folder; a tmpfs is mounted there and unmounted.
		if err = syscall.Mount("clauz3-sandbox-test", arg, "tmpfs", syscall.MS_RDONLY, ""); err == nil {
			err = syscall.Unmount(arg, syscall.MNT_DETACH)
		}
	case "bpf":
		// BPF_MAP_CREATE of a one-entry array map.
		attr := [18]uint32{unix.BPF_MAP_TYPE_ARRAY, 4, 4, 1}
		fd, _, e := syscall.Syscall(unix.SYS_BPF, unix.BPF_MAP_CREATE, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr))
		if e != 0 {
			err = e
		} else {
			syscall.Close(int(fd))
		}
	case "add-key":
		_, err = unix.AddKey("user", "clauz3-sandbox-test", []byte("x"), unix.KEY_SPEC_PROCESS_KEYRING)
	case "keyctl":
		_, err = unix.KeyctlGetKeyringID(unix.KEY_SPEC_SESSION_KEYRING, false)
	case "no-new-privs":
		// allowed: the process could still gain privileges by executing
		// a set-user-ID program (no_new_privs is not set).
		var n int
		if n, err = unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err == nil && n == 1 {
			err = syscall.EPERM
		}
	case "raise-limit":
		var cur syscall.Rlimit
		if err = syscall.Getrlimit(syscall.RLIMIT_NOFILE, &cur); err == nil {
			n := max(cur.Max, 4096)
			err = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: n, Max: n})
		}
	case "alloc":
		var keep [][]byte
		for i := 0; i < 256; i++ {
			b := make([]byte, 64<<20)
			for j := range b {
				if j%4096 == 0 {
					b[j] = 1
				}
			}
			keep = append(keep, b)
		}
		fmt.Println("allocated", len(keep))
	case "spin-pid":
		fmt.Println("PID", os.Getpid())
		for start := time.Now(); time.Since(start) < time.Minute; {
		}
	case "spin":
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
		}
	case "bigfile":
		err = os.WriteFile(arg, make([]byte, 2<<20), 0o644)
	case "fatal":
		// A fatal error of the Go runtime that is not memory
		// exhaustion: it cannot be recovered and exits 2, as running out
		// of memory does.
		fmt.Fprintln(os.Stderr, stderrMark)
		var mu sync.Mutex
		mu.Unlock()
	case "panic":
		fmt.Fprintln(os.Stderr, stderrMark)
		panic("a layer's bug")
	case "usage":
		// The run's own exit status 2 (planrt.ExitUsage), reported.
		fmt.Println("USAGE")
		return 2
	case "misreport":
		// A report that is not the status the process exits with.
		r.status.Write(report(0))
		os.Exit(3)
	case "report-twice":
		// A report of success, then the run's own at its exit.
		r.status.Write(report(0))
		fmt.Println("REPORTED")
		return 0
	case "status-inherited":
		// Whether a program the run executed would inherit the
		// status pipe.
		flags, err := unix.FcntlInt(statusFD, unix.F_GETFD, 0)
		if err == nil && flags&unix.FD_CLOEXEC == 0 {
			fmt.Println("INHERITABLE")
			return 0
		}
		fmt.Println("CLOSE-ON-EXEC", err)
		return 0
	case "exit-unreported":
		// Something other than the run's exit path ends the process,
		// with status 0.
		os.Exit(0)
	default:
		fmt.Println("unknown op", op)
		return 2
	}
	say(end, outcome(err))
	return 0
}

// result is the child's report of one operation.
type result struct {
	// Outcome: "allowed"; "denied" (Classify found Class); "failed"
	// (an error that is no denial).
	Outcome string `json:"outcome"`
	Class   Class  `json:"class,omitempty"`
	Detail  string `json:"detail,omitempty"` // the error, for people
}

func outcome(err error) result {
	if err == nil {
		return result{Outcome: "allowed"}
	}
	if c := Classify(err); c != NotDenied {
		return result{Outcome: "denied", Class: c, Detail: Denial(err)}
	}
	return result{Outcome: "failed", Detail: err.Error()}
}

func say(end *sync.Mutex, r result) {
	end.Lock() // the run ends after its result: see child
	b, _ := json.Marshal(r)
	fmt.Println(string(b))
}

// stderrMark is what the "fatal" and "panic" operations write to
// standard error before they die: the supervisor must pass the child's
// standard error on as it is, so the run's stderr starts with it.
const stderrMark = "the child's own line before it dies"

type run struct {
	out    string // standard output, trimmed
	stderr string
	code   int
}

// result is the child's one JSON line; anything else on standard output
// (a limit's refusal, a setup failure's words) fails the test, showing it.
func (r run) result(t *testing.T) result {
	t.Helper()
	res, ok := r.parse()
	if !ok {
		t.Fatalf("the child did not report one result (exit %d):\n%s\n%s", r.code, r.out, r.stderr)
	}
	return res
}

func (r run) parse() (result, bool) {
	var res result
	dec := json.NewDecoder(strings.NewReader(r.out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil || dec.More() {
		return result{}, false
	}
	return res, true
}

func runChild(t *testing.T, p Policy, op, arg, arg2 string, skip bool, env ...string) run {

	t.Helper()
	pj, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SANDBOX_OP="+op, "SANDBOX_POLICY="+string(pj), "SANDBOX_ARG="+arg, "SANDBOX_ARG2="+arg2)
	cmd.Env = append(cmd.Env, env...)
	if skip {
		cmd.Env = append(cmd.Env, "SANDBOX_SKIP=1")
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return run{strings.TrimSpace(string(out)), stderr.String(), code}
}

func needSandbox(t *testing.T) {
	t.Helper()
	s := Probe()
	if s.LandlockABI < 4 || !s.Seccomp {
		t.Fatalf("this machine lacks the protections the tests check (landlock ABI %d, seccomp %v): run them on a kernel with Landlock ABI >= 4 and seccomp", s.LandlockABI, s.Seccomp)
	}
}

func listen(t *testing.T) (string, uint16) {
	t.Helper()
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	return l.Addr().String(), uint16(port)
}

// tracee starts a process for the ptrace case to attach to, killed at
// the test's end.
func tracee(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("sleep", "300")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return strconv.Itoa(cmd.Process.Pid)
}

// TestSandboxStopsBuggyLayerOperations: each operation a buggy layer
// might perform is allowed without the sandbox (the control) and refused
// with it, and nothing outside the allowed set changes.
func TestSandboxStopsBuggyLayerOperations(t *testing.T) {
	needSandbox(t)
	home := t.TempDir()
	for _, d := range []string{".ssh", "work"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.WriteFile(key, []byte("SECRET KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	outsideDir := t.TempDir()
	outside := filepath.Join(outsideDir, "outside.txt")
	root := filepath.Join(home, "work")
	allowedAddr, allowedPort := listen(t)
	otherAddr, _ := listen(t)

	files := Policy{Home: home, ReadWrite: []string{home}, Network: NetNone}
	// The policy names another home than the process's $HOME, whose
	// ~/.ssh must be left out all the same.
	otherHome := Policy{Home: t.TempDir(), ReadWrite: []string{home}, Network: NetNone}
	ports := Policy{Home: home, ReadWrite: []string{root}, Network: NetPorts, ConnectPorts: []uint16{allowedPort}}
	// A root that is only read: the folder of the outside file.
	readOnly := Policy{Home: home, ReadOnly: []string{outsideDir}, Network: NetNone}
	cases := []struct {
		name      string
		p         Policy
		op        string
		arg, arg2 string
		want      Class // of the confined operation's error
	}{
		{"ssh key inside a granted home", files, "read", key, "", NotPermitted},
		{"ssh key of $HOME when the policy names another home", otherHome, "read", key, "", NotPermitted},
		{"ssh key from threads started before Apply", files, "read-threads", key, "", NotPermitted},
		{"write outside the roots", files, "write", outside, "", NotPermitted},
		{"write into a read-only root", readOnly, "write", outside, "", NotPermitted},
		{"hard link into a read-only root", readOnly, "hardlink", outside, filepath.Join(outsideDir, "link"), NotPermitted},
		{"write outside through /proc/self/root", files, "write", "/proc/self/root" + outside, "", NotPermitted},
		{"hard link of an outside file into the root", files, "hardlink", outside, filepath.Join(home, "work", "link"), NotPermitted},
		{"socket in a plan without network", files, "socket", "", "", NotPermitted},
		{"unix socket in a plan with network", ports, "unix-socket", "", "", NotPermitted},
		{"connect to a port not configured", ports, "connect", otherAddr, "", NotPermitted},
		{"chmod a file outside the roots", files, "chmod", outside, "", NotPermitted},
		{"chown a file outside the roots", files, "chown", outside, "", NotPermitted},
		{"set the times of a file outside the roots", files, "chtimes", outside, "", NotPermitted},
		{"listen on a port", ports, "listen", "", "", NotPermitted},
		{"execve /bin/sh", files, "exec", "", "", NotPermitted},
		{"fork in a loop", files, "fork", "", "", NotPermitted},
		{"fork without exec, in a loop", files, "rawfork", "", "", NotPermitted},
		{"new namespace", files, "unshare", "", "", NotPermitted},
		{"ptrace another process", files, "ptrace", tracee(t), "", NotPermitted},
		{"mount a file system", files, "mount", t.TempDir(), "", NotPermitted},
		{"bpf", files, "bpf", "", "", NotPermitted},
		{"add a key to a keyring", files, "add-key", "", "", NotPermitted},
		{"read the session keyring", files, "keyctl", "", "", NotPermitted},
		{"gain privileges through exec (no_new_privs unset)", files, "no-new-privs", "", "", NotPermitted},
		{"raise a resource limit", files, "raise-limit", "", "", NotPermitted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reset := func() {
				os.Remove(outside)
				if err := os.WriteFile(outside, []byte("original"), 0o644); err != nil {
					t.Fatal(err)
				}
				os.Remove(filepath.Join(home, "work", "link"))
				if c.arg2 != "" {
					os.Remove(c.arg2)
				}
			}
			reset()
			control := runChild(t, c.p, c.op, c.arg, c.arg2, true, "HOME="+home)
			if r := control.result(t); r.Outcome != "allowed" {
				t.Fatalf("control (no sandbox): %+v, want allowed: the test would not show the sandbox stopping it", r)
			}
			reset()
			got := runChild(t, c.p, c.op, c.arg, c.arg2, false, "HOME="+home)
			if r := got.result(t); r.Outcome != "denied" || r.Class != c.want {
				t.Fatalf("sandboxed: %+v (exit %d), want denied, class %d (%v)", r, got.code, c.want, c.want)
			}
			if data, _ := os.ReadFile(outside); string(data) != "original" {
				t.Fatalf("the file outside the roots changed: %q", data)
			}
			if _, err := os.Lstat(c.arg2); c.arg2 != "" && err == nil {
				t.Fatalf("the link %s was made", c.arg2)
			}
			if st, err := os.Stat(outside); err != nil || st.Mode().Perm() != 0o644 || st.ModTime().Unix() == 0 {
				t.Fatalf("the file outside the roots changed its mode or times: %v %v", st.Mode(), err)
			}
		})
	}

	// What the policy allows still works under it.
	allowed := []struct {
		name string
		p    Policy
		op   string
		arg  string
	}{
		{"write inside the root", files, "write", filepath.Join(root, "ok.txt")},
		{"read inside the root", files, "read", filepath.Join(root, "ok.txt")},
		{"connect to the configured port", ports, "connect", allowedAddr},
		{"read in a read-only root", readOnly, "read", outside},
	}
	for _, c := range allowed {
		t.Run("allowed/"+c.name, func(t *testing.T) {
			if got := runChild(t, c.p, c.op, c.arg, "", false); got.result(t).Outcome != "allowed" {
				t.Fatalf("sandboxed: %q (exit %d), want allowed", got.out, got.code)
			}
		})
	}
}

// TestSandboxLimits: the CPU and file-size limits end the run with a
// typed refusal; unbounded allocation dies at the address-space limit
// instead of growing.
func TestSandboxLimits(t *testing.T) {
	needSandbox(t)
	home := t.TempDir()
	dir := filepath.Join(home, "root")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	base := Policy{Home: home, ReadWrite: []string{dir}, Network: NetNone}
	cpu := base
	cpu.Limits.CPUSeconds = 1
	got := runChild(t, cpu, "spin", "", "", false)
	if got.code != 4 || !strings.Contains(got.out, "DENIED CPU time limit of 1 s exceeded") {
		t.Fatalf("spin: %q exit %d, want the CPU refusal and exit 4", got.out, got.code)
	}
	fsz := base
	fsz.Limits.FileSize = 1 << 20
	big := filepath.Join(dir, "big")
	got = runChild(t, fsz, "bigfile", big, "", false)
	// The write's EFBIG reaches the operation first (a result of class
	// FileSizeLimit), or SIGXFSZ ends the run through onLimit.
	if r, ok := got.parse(); ok && (r.Outcome != "denied" || r.Class != FileSizeLimit) ||
		!ok && (got.code != 4 || got.out != "DENIED file size limit of 1048576 bytes exceeded") {
		t.Fatalf("bigfile: %q exit %d, want the file size refusal", got.out, got.code)
	}
	if st, err := os.Stat(big); err == nil && st.Size() > 1<<20 {
		t.Fatalf("the file grew past the limit: %d bytes", st.Size())
	}
	mem := base
	mem.Limits.AddressSpace = 2 << 30
	got = runChild(t, mem, "alloc", "", "", false)
	if got.code != 4 || !strings.HasPrefix(got.out, "DENIED the run died in the Go runtime (exit status 2)") || !strings.Contains(got.out, "address space limit of 2147483648 bytes") || got.stderr == "" {
		t.Fatalf("alloc: exit %d, stdout %q, stderr %.300q: want the supervisor's refusal naming the limit, exit 4, and the runtime's own report on stderr", got.code, got.out, got.stderr)
	}
}

// TestChildWithoutSupervisorRefused: a process that marks itself as the
// confined child without the supervisor's status pipe as its descriptor 3
// (nothing there, a file, the pipe's read end) does not run unsupervised:
// Confine refuses it.
func TestChildWithoutSupervisorRefused(t *testing.T) {
	needSandbox(t)
	p := Policy{Home: t.TempDir(), Network: NetNone}
	pj, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.Create(filepath.Join(t.TempDir(), "status"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	cases := []struct {
		name string
		fd3  *os.File
	}{
		{"nothing", nil},
		{"a file", file},
		{"the read end of a pipe", pr},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "SANDBOX_OP=read", "SANDBOX_POLICY="+string(pj), "SANDBOX_ARG=/nonexistent", ChildEnv+"=1")
			if c.fd3 != nil {
				cmd.ExtraFiles = []*os.File{c.fd3}
			}
			out, err := cmd.Output()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.HasPrefix(string(out), "apply: sandbox: supervise: "+ChildEnv+" is set but descriptor 3 is not") {
				t.Fatalf("exit %v, stdout %q: want Confine's refusal and exit 2", err, out)
			}
		})
	}
}

// TestSupervisorReportsHowTheRunEnded: the supervisor tells a run that
// reported its own end from one that died without a word, by the
// report, never by what the run printed: a fatal error that is not
// memory exhaustion and an unrecovered panic get the same refusal as
// running out of memory (exit 4, the address-space limit named, the
// child's standard error passed on unread), a run that ends itself with
// status 2 (usage) keeps it, and a process that exits 0 without its
// report is refused, not passed.
func TestSupervisorReportsHowTheRunEnded(t *testing.T) {
	needSandbox(t)
	p := Policy{Home: t.TempDir(), Network: NetNone}
	limit := fmt.Sprintf("address space limit of %d bytes", DefaultLimits.AddressSpace)
	const died = "DENIED the run died in the Go runtime (exit status 2)"
	cases := []struct {
		op       string
		code     int
		out      string // standard output's prefix
		contains string // and what it must also say ("" for nothing)
		mark     bool   // stderr starts with the child's own line
	}{
		{"fatal", 4, died, limit, true},
		{"panic", 4, died, limit, true},
		{"usage", 2, "USAGE", "", false},
		{"exit-unreported", 4, "DENIED the run exited with status 0 without reporting how it ended", "", false},
		{"misreport", 4, "DENIED the run reported exit status 0 but exited with status 3", "", false},
		{"report-twice", 4, "REPORTED\nDENIED the run exited with status 0 and a malformed report (4 bytes)", "", false},
		{"status-inherited", 0, "CLOSE-ON-EXEC <nil>", "", false},
	}
	for _, c := range cases {
		t.Run(c.op, func(t *testing.T) {
			got := runChild(t, p, c.op, "", "", false)
			if got.code != c.code || !strings.HasPrefix(got.out, c.out) || !strings.Contains(got.out, c.contains) {
				t.Fatalf("exit %d, stdout %q, stderr %.300q; want exit %d, stdout %q... with %q", got.code, got.out, got.stderr, c.code, c.out, c.contains)
			}
			if c.code == 2 && strings.Contains(got.out, "DENIED") {
				t.Fatalf("a reported exit 2 was taken for a limit: %q", got.out)
			}
			// The child's own line, not the runtime's: its standard
			// error is passed on as it is.
			if c.mark && !strings.HasPrefix(got.stderr, stderrMark+"\n") {
				t.Fatalf("stderr %.300q does not start with the child's own line: it was not passed on unread", got.stderr)
			}
		})
	}
}

func TestPolicyValidate(t *testing.T) {
	cases := []struct {
		p    Policy
		want PolicyProblem // 0: valid
	}{
		{Policy{Network: NetNone}, 0},
		{Policy{Network: "all"}, UnknownNetworkMode},
		{Policy{Network: NetNone, ConnectPorts: []uint16{25}}, NetworkNoneReaches},
		{Policy{Network: NetNone, DNS: true}, NetworkNoneReaches},
		{Policy{Network: NetPorts, ConnectPorts: []uint16{0}}, PortZero},
		{Policy{Network: NetNone, ReadOnly: []string{"etc"}}, PathNotAbsolute},
		{Policy{Network: NetNone, ReadWrite: []string{"/a\x00b"}}, PathNotAbsolute},
		{Policy{Network: NetNone, Home: "home"}, PathNotAbsolute},
	}
	for i, c := range cases {
		err := c.p.Validate()
		var e *Error
		switch {
		case c.want == 0 && err != nil:
			t.Errorf("%d: Validate = %v, want valid", i, err)
		case c.want != 0 && (!errors.As(err, &e) || e.Step != "policy" || e.Problem != c.want):
			t.Errorf("%d: Validate = %#v, want a policy error of problem %d", i, err, c.want)
		}
	}
}

func TestServicePort(t *testing.T) {
	for in, want := range map[string]string{"http://127.0.0.1:8080": "8080", "https://x.example": "443", "http://h": "80", "ftp://h": "error", "http://h:0": "error", "nohost": "error"} {
		p, _, err := servicePort(in)
		got := strconv.Itoa(int(p))
		if err != nil {
			got = "error"
		}
		if got != want {
			t.Errorf("servicePort(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestSandboxWeakKernel: a protection the kernel lacks is a refusal
// unless the policy allows running unconfined, and then the report names
// every missing protection.
func TestSandboxWeakKernel(t *testing.T) {
	dir := t.TempDir()
	none := Policy{Home: dir, Network: NetNone}
	ports := Policy{Home: dir, Network: NetPorts, ConnectPorts: []uint16{25}}
	allow := func(p Policy) Policy { p.AllowUnconfined = true; return p }
	cases := []struct {
		kernel string
		p      Policy
		want   string
	}{
		{"0,false", none, "REFUSED sandbox: kernel: seccomp filters"},
		{"0,true", none, "REFUSED sandbox: kernel: Landlock (no filesystem confinement)"},
		{"3,true", ports, "REFUSED sandbox: kernel: Landlock TCP port rules (ABI 4)"},
		{"3,true", none, "APPLIED "},
		{"0,false", allow(none), "APPLIED seccomp filters (no exec/ptrace/mount/namespace/socket restrictions); Landlock (no filesystem confinement)"},
		{"3,true", allow(ports), "APPLIED Landlock TCP port rules (ABI 4): connections to any port are possible"},
	}
	for _, c := range cases {
		got := runChild(t, c.p, "read", "/nonexistent", "", false, "SANDBOX_KERNEL="+c.kernel)
		want := strings.TrimSpace(c.want)
		if !strings.HasPrefix(got.out, want) || (strings.HasPrefix(want, "APPLIED") && got.out != want) {
			t.Errorf("kernel %s, allow %v: %q, want %q", c.kernel, c.p.AllowUnconfined, got.out, c.want)
		}
	}
}

func TestSupportMissing(t *testing.T) {
	cases := []struct {
		s    Support
		want string
	}{
		{Support{LandlockABI: 7, Seccomp: true, Rlimits: true}, ""},
		{Support{LandlockABI: 3, Seccomp: true, Rlimits: true}, "Landlock TCP port rules (ABI 4)"},
		{Support{LandlockABI: 0, Seccomp: false, Rlimits: false}, "Landlock, seccomp filters, resource limits"},
	}
	for _, c := range cases {
		if got := c.s.Missing(); got != c.want {
			t.Errorf("%+v: Missing() = %q, want %q", c.s, got, c.want)
		}
	}
}

// TestSupervisedChildDiesWithSupervisor: killing the supervising parent
// (a runner's timeout) kills the confined child too.
func TestSupervisedChildDiesWithSupervisor(t *testing.T) {
	needSandbox(t)
	dir := t.TempDir()
	pj, _ := json.Marshal(Policy{Home: dir, Network: NetNone})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "SANDBOX_OP=spin-pid", "SANDBOX_POLICY="+string(pj))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pid int
	if _, err := fmt.Fscanf(out, "PID %d\n", &pid); err != nil || pid == cmd.Process.Pid {
		cmd.Process.Kill()
		t.Fatalf("no child pid (%v, %d)", err, pid)
	}
	// A pidfd of the child, taken while its supervisor still holds it,
	// becomes readable when the child has exited (reaped or not): the
	// kernel says so, no process listing is read.
	pidfd, err := unix.PidfdOpen(pid, 0)
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("pidfd of the confined child %d: %v", pid, err)
	}
	defer unix.Close(pidfd)
	cmd.Process.Kill()
	cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		fds := []unix.PollFd{{Fd: int32(pidfd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(time.Until(deadline)/time.Millisecond)+1)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			t.Fatalf("poll of the confined child's pidfd: %v", err)
		}
		if n == 1 {
			return
		}
	}
	unix.PidfdSendSignal(pidfd, unix.SIGKILL, nil, 0)
	t.Fatalf("the confined child %d outlived its supervisor", pid)
}

// TestJudge: how the supervisor turns each end of its child into the
// run's: only a report of exactly the status the child exited with passes
// that status on; the kernel's kill at the CPU hard limit is a refusal,
// another signal 128+signal.
func TestJudge(t *testing.T) {
	l := Limits{CPUSeconds: 5, AddressSpace: 1 << 31}
	exited := func(status int, rep []byte) ending {
		return ending{report: rep, complete: true, status: status}
	}
	cases := []struct {
		name    string
		e       ending
		code    int
		refusal string // the refusal's start; "" for none
	}{
		{"reported success", exited(0, report(0)), 0, ""},
		{"reported usage", exited(2, report(2)), 2, ""},
		{"reported sandbox refusal", exited(4, report(4)), 4, ""},
		{"status 255 reported as -1", exited(255, report(-1)), 255, ""},
		{"died in the runtime", exited(2, nil), 0, "the run died in the Go runtime (exit status 2) without reporting how it ended: allocation failing at the address space limit of 2147483648 bytes"},
		{"exited 0 unreported", exited(0, nil), 0, "the run exited with status 0 without reporting how it ended"},
		{"exited 4 unreported", exited(4, nil), 0, "the run exited with status 4 without reporting how it ended"},
		{"report of another status", exited(1, report(0)), 0, "the run reported exit status 0 but exited with status 1"},
		{"report without its mark", exited(0, []byte{0, 0}), 0, "the run exited with status 0 and a malformed report (2 bytes)"},
		{"a short report", exited(0, []byte{reportMark}), 0, "the run exited with status 0 and a malformed report (1 bytes)"},
		{"two reports", exited(0, append(report(0), report(0)...)), 0, "the run exited with status 0 and a malformed report (4 bytes)"},
		{"the pipe held open elsewhere", ending{report: nil, complete: false, status: 0}, 0, "the run exited with status 0 but its status pipe was still open elsewhere"},
		{"killed at the CPU hard limit", ending{signaled: true, signal: syscall.SIGKILL, cpu: 7 * time.Second}, 0, "CPU time limit of 5 s exceeded (killed by killed)"},
		{"SIGXCPU unhandled at the limit", ending{signaled: true, signal: syscall.SIGXCPU, cpu: 5 * time.Second}, 0, "CPU time limit of 5 s exceeded"},
		{"killed before the CPU limit", ending{signaled: true, signal: syscall.SIGKILL, cpu: time.Second}, 128 + 9, ""},
		{"terminated, even with a report", ending{report: report(0), complete: true, signaled: true, signal: syscall.SIGTERM}, 128 + 15, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, refusal := judge(c.e, l)
			if c.refusal == "" && (refusal != "" || code != c.code) {
				t.Fatalf("judge = %d, %q; want exit %d and no refusal", code, refusal, c.code)
			}
			if c.refusal != "" && !strings.HasPrefix(refusal, c.refusal) {
				t.Fatalf("judge = %d, %q; want the refusal %q...", code, refusal, c.refusal)
			}
		})
	}
}
