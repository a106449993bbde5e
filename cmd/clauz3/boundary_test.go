package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/internal/browsertest"
)

// The consent-boundary tests (issue 11) drive real processes under two OS
// accounts made for the test: the service's own (as `service init` makes
// it) and an unprivileged agent's. They need root, as CI has.

// boundary is one real installation in a test folder every account can
// traverse: the clauz3 binary linked with its client configuration path
// there (the product reads /etc/clauz3/client.json; tests must not touch
// it), the service's config, state and socket folders, and the agent's
// home and project.
type boundary struct {
	base, bin, clientPath  string
	layout                 struct{ config, state, socket string }
	addr                   string
	service, agent         *user.User
	serviceCred, agentCred *syscall.Credential
	agentHome              string
}

// builtClauz3 builds the product binary once per test binary run, with
// client.SystemPath set at link time to path.
var builtClauz3 = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "clauz3-bin-")
	if err != nil {
		return "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return "", err
	}
	etc := filepath.Join(dir, "etc")
	if err := os.Mkdir(etc, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "clauz3")
	cmd := exec.Command("go", "build", "-o", bin, "-ldflags", "-X github.com/clauz3/clauz3/approval/client.SystemPath="+filepath.Join(etc, "client.json"), ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return dir, nil
})

func randomName(prefix string) string {
	var b [4]byte
	rand.Read(b[:])
	return prefix + hex.EncodeToString(b[:])
}

// newBoundary makes the accounts, runs `sudo clauz3 service init` (which
// makes the service account with useradd), installs the corpus email
// layer into the service's store and gives the agent a project.
func newBoundary(t *testing.T) *boundary {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("the consent-boundary tests make OS accounts: they run as root (CI does)")
	}
	if _, err := exec.LookPath("useradd"); err != nil {
		t.Fatalf("useradd is needed to make the test accounts: %v", err)
	}
	binDir, err := builtClauz3()
	if err != nil {
		t.Fatal(err)
	}
	base, err := os.MkdirTemp("", "clauz3-boundary-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &boundary{base: base, bin: filepath.Join(binDir, "clauz3"), clientPath: filepath.Join(binDir, "etc", "client.json")}
	// One installation at a time owns the linked client path.
	os.Remove(b.clientPath)
	t.Cleanup(func() { os.Remove(b.clientPath) })
	b.layout.config = filepath.Join(base, "etc-clauz3")
	b.layout.state = filepath.Join(base, "var-lib-clauz3")
	b.layout.socket = filepath.Join(base, "run-clauz3", "approval.sock")
	b.addr = freePrivilegedPort(t)

	serviceName, agentName := randomName("cz3svc"), randomName("cz3agt")
	t.Cleanup(func() { exec.Command("userdel", serviceName).Run() })
	t.Cleanup(func() { exec.Command("userdel", agentName).Run() })
	b.agentHome = filepath.Join(base, "agent-home")
	if out, err := exec.Command("useradd", "--create-home", "--home-dir", b.agentHome, "--shell", "/bin/sh", agentName).CombinedOutput(); err != nil {
		t.Fatalf("useradd %s: %v\n%s", agentName, err, out)
	}
	pw := filepath.Join(base, "password")
	if err := os.WriteFile(pw, []byte(testServicePassword+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	b.root(t, 0, "service", "init", "--account", serviceName, "--state", b.layout.state, "--config", b.layout.config,
		"--socket", b.layout.socket, "--unit", filepath.Join(base, "clauz3.service"), "--addr", b.addr, "--password-file", pw)
	src, _ := filepath.Abs(filepath.Join("..", "..", "corpus", "tools", "email", "trusted"))
	b.root(t, 0, "layers", "install", src, "--state", b.layout.state, "--config", b.layout.config)
	for name, u := range map[string]**user.User{serviceName: &b.service, agentName: &b.agent} {
		if *u, err = user.Lookup(name); err != nil {
			t.Fatal(err)
		}
	}
	b.serviceCred, b.agentCred = credential(t, b.service), credential(t, b.agent)
	// The agent's project: the corpus layers in tools/, and a plan.
	proj := filepath.Join(b.agentHome, "proj")
	if err := copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(proj, "tools")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(proj, "plan.py"), []byte(boundaryPlan), 0o644); err != nil {
		t.Fatal(err)
	}
	chownTree(t, b.agentHome, b.agentCred)
	return b
}

const boundaryPlan = "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"Report is ready\")\n"

func credential(t *testing.T, u *user.User) *syscall.Credential {
	uid, err1 := strconv.Atoi(u.Uid)
	gid, err2 := strconv.Atoi(u.Gid)
	if err1 != nil || err2 != nil {
		t.Fatalf("account %s: uid %q gid %q", u.Username, u.Uid, u.Gid)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
}

func chownTree(t *testing.T, dir string, c *syscall.Credential) {
	t.Helper()
	err := filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, int(c.Uid), int(c.Gid))
	})
	if err != nil {
		t.Fatal(err)
	}
}

// command is clauz3 run as cred (nil: root) in dir, with a minimal
// environment of that account plus extra.
func (b *boundary) command(cred *syscall.Credential, home, dir string, args []string, extra ...string) *exec.Cmd {
	cmd := exec.Command(b.bin, args...)
	cmd.Dir = dir
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "DBUS_SESSION_BUS_ADDRESS="}, extra...)
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	return cmd
}

// capNetBindService is CAP_NET_BIND_SERVICE (linux/capability.h).
const capNetBindService = 10

// freePrivilegedPort is a loopback address whose port (below 1024) is
// free now: a real service's UI listens on one, which the agent's account
// cannot bind first.
func freePrivilegedPort(t *testing.T) string {
	t.Helper()
	start, err := state.UnprivilegedPortStart()
	if err != nil || start < 600 {
		t.Fatalf("this kernel lets unprivileged processes bind from port %d (%v): a real service refuses to run here", start, err)
	}
	for port := 600 + mrand.IntN(start-600); ; port = 600 + mrand.IntN(start-600) {
		if chromiumRestricted[port] {
			continue
		}
		addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		if ln, err := net.Listen("tcp", addr); err == nil {
			ln.Close()
			return addr
		}
	}
}

// chromiumRestricted are the ports from 600 up that Chromium refuses to
// load pages from (its list of unsafe ports): the human's browser must
// reach the UI.
var chromiumRestricted = map[int]bool{601: true, 636: true, 989: true, 990: true, 993: true, 995: true}

// root runs clauz3 as root and wants exit status want.
func (b *boundary) root(t *testing.T, want int, args ...string) string {
	t.Helper()
	return b.expect(t, b.command(nil, "/root", b.base, args), want)
}

// asAgent runs clauz3 as the agent in its project and wants exit want.
func (b *boundary) asAgent(t *testing.T, want int, args []string, extra ...string) string {
	t.Helper()
	cmd := b.command(b.agentCred, b.agentHome, filepath.Join(b.agentHome, "proj"), args, extra...)
	// The agent's sealed builds need a go command and caches it may write.
	cmd.Env = append(cmd.Env, "GOCACHE="+filepath.Join(b.agentHome, ".cache", "go-build"), "GOMODCACHE="+filepath.Join(b.agentHome, "go", "pkg", "mod"))
	return b.expect(t, cmd, want)
}

func (b *boundary) expect(t *testing.T, cmd *exec.Cmd, want int) string {
	t.Helper()
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", strings.Join(cmd.Args, " "), err)
	}
	if code != want {
		t.Fatalf("%s (uid %v): exit %d, want %d\n%s", strings.Join(cmd.Args, " "), cmd.SysProcAttr, code, want, out)
	}
	return string(out)
}

// startService runs `clauz3 service run` as the service account, as the
// systemd unit would, and waits until it serves its socket.
func (b *boundary) startService(t *testing.T) *exec.Cmd {
	t.Helper()
	cmd := b.command(b.serviceCred, b.layout.state, "/", []string{"service", "run", "--state", b.layout.state, "--config", b.layout.config})
	// As the systemd unit does: CAP_NET_BIND_SERVICE alone, to bind the
	// privileged UI port.
	cmd.SysProcAttr.AmbientCaps = []uintptr{capNetBindService}
	cmd.SysProcAttr.Setpgid = true
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killGroup(cmd) })
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if c, err := client.DialService(context.Background(), b.layout.socket, int(b.serviceCred.Uid)); err == nil {
			c.Close()
			return cmd
		}
		if cmd.ProcessState != nil {
			break
		}
	}
	t.Fatalf("the service did not serve its socket within 30s:\n%s", out.String())
	return nil
}

// requests lists a service's requests at its loopback URL.
func listRequests(t *testing.T, url string) []approval.Request {
	t.Helper()
	resp, err := http.Get(url + "/api/requests")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Requests []approval.Request `json:"requests"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	return list.Requests
}

// TestAgentCannotChooseTheService is attack A1 (and A2) with real
// processes: the agent account starts its own service (dev mode, in its
// home, with a policy that auto-approves the plan) and points `clauz3 run`
// at it by flag, environment and project discovery file. Every such run
// is refused with the reason; a plain run goes to the real service, where
// it waits for the human, and the agent's service never hears of it; the
// agent cannot set up or run a real service. A control run shows the
// agent's service would have approved the plan had the run reached it.
func TestAgentCannotChooseTheService(t *testing.T) {
	if testing.Short() {
		t.Skip("makes OS accounts and starts real services")
	}
	b := newBoundary(t)
	// The agent squats the UI port before the real service starts, to
	// serve its own login page there: its account cannot bind the
	// privileged port.
	squat := filepath.Join(b.agentHome, "squat")
	initSquat := b.command(b.agentCred, b.agentHome, b.agentHome, []string{"service", "init", "--dev", "--addr", b.addr, "--password-file", "-", "--state", filepath.Join(squat, "state"), "--config", filepath.Join(squat, "config")})
	initSquat.Stdin = strings.NewReader("agent's squatting password\n")
	b.expect(t, initSquat, exitOK)
	out := b.expect(t, b.command(b.agentCred, b.agentHome, b.agentHome, []string{"service", "run", "--dev", "--state", filepath.Join(squat, "state"), "--config", filepath.Join(squat, "config")}), exitRefused)
	if !strings.Contains(out, "permission denied") {
		t.Errorf("the agent's service on the real UI port: %s", out)
	}
	// And root cannot set a real service up on a port anyone may bind.
	out = b.root(t, exitRefused, "service", "init", "--state", filepath.Join(b.base, "other-state"), "--config", filepath.Join(b.base, "other-config"), "--addr", freeLoopbackPort(t), "--password-file", "-")
	if !strings.Contains(out, "may be bound by any process") {
		t.Errorf("a real service init on an unprivileged port: %s", out)
	}
	b.startService(t)
	realURL := "http://" + b.addr

	// The agent cannot make a real installation, nor run the real one.
	out = b.asAgent(t, exitRefused, []string{"service", "init", "--password-file", "-"})
	if !strings.Contains(out, "set up by root") {
		t.Errorf("agent's service init: %s", out)
	}
	out = b.asAgent(t, exitRefused, []string{"service", "run", "--state", b.layout.state, "--config", b.layout.config})
	if !strings.Contains(out, "permission denied") && !strings.Contains(out, "not by this service") {
		t.Errorf("agent running the real service's state: %s", out)
	}
	out = b.asAgent(t, exitRefused, []string{"layers", "install", "email", "--state", b.layout.state})
	if !strings.Contains(out, "needs the approval service's credentials") {
		t.Errorf("agent's layers install: %s", out)
	}

	// The agent's own service: dev mode in its home, auto-approving all.
	agentAddr := freeLoopbackPort(t)
	initCmd := b.command(b.agentCred, b.agentHome, b.agentHome, []string{"service", "init", "--dev", "--addr", agentAddr, "--password-file", "-"})
	initCmd.Stdin = strings.NewReader("agent's own password\n")
	b.expect(t, initCmd, exitOK)
	agentLayer := filepath.Join(b.agentHome, "proj", "tools", "email", "trusted")
	b.asAgent(t, exitOK, []string{"layers", "install", agentLayer, "--dev"})
	// Its policy approves the plan without asking anyone: a run that
	// reached this service would be approved at once (the control below).
	agentConfig := filepath.Join(b.agentHome, ".config", "clauz3", "service")
	pol := `{"version": 1, "imports": {"pol": "tools.email.trusted.contracts"},
  "rules": [{"name": "agent-approves", "decision": "auto_approved", "reason": "the agent's own policy", "when_proven": ["pol.only(['bob@example.com'])"]}]}`
	if err := os.WriteFile(filepath.Join(agentConfig, "policy.json"), []byte(pol), 0o600); err != nil {
		t.Fatal(err)
	}
	chownTree(t, b.agentHome, b.agentCred)
	agentSvc := b.command(b.agentCred, b.agentHome, b.agentHome, []string{"service", "run", "--dev"})
	agentSvc.SysProcAttr.Setpgid = true
	var agentOut bytes.Buffer
	agentSvc.Stdout, agentSvc.Stderr = &agentOut, &agentOut
	if err := agentSvc.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killGroup(agentSvc) })
	agentURL := "http://" + agentAddr
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if c, err := net.Dial("tcp", agentAddr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the agent's service did not start:\n%s", agentOut.String())
		}
	}

	run := []string{"run", "--approval-timeout", "2s", "plan.py"}
	out = b.asAgent(t, exitUsage, append([]string{"run", "--service", agentURL}, "plan.py"))
	if !strings.Contains(out, "--service is gone") {
		t.Errorf("run --service: %s", out)
	}
	out = b.asAgent(t, exitUsage, run, "CLAUZ3_APPROVAL_SERVICE="+agentURL)
	if !strings.Contains(out, "CLAUZ3_APPROVAL_SERVICE is set") {
		t.Errorf("run with the environment variable: %s", out)
	}
	disc := filepath.Join(b.agentHome, "proj", ".clauz3")
	os.MkdirAll(disc, 0o755)
	os.WriteFile(filepath.Join(disc, "approval-service.json"), []byte(`{"url":"`+agentURL+`"}`), 0o644)
	out = b.asAgent(t, exitUsage, run)
	if !strings.Contains(out, "a project file no longer chooses the approval service") {
		t.Errorf("run with a project discovery file: %s", out)
	}
	os.RemoveAll(disc)

	// A plain run goes to the real service (found from the root-owned
	// client configuration, the socket's peer checked), not to the
	// agent's dev service whose own client.json is in the agent's home.
	out = b.asAgent(t, 4, run)
	if !strings.Contains(out, "from "+b.clientPath+", socket "+b.layout.socket+" served by uid "+b.service.Uid) || strings.Contains(out, "DEV MODE") {
		t.Errorf("the plain run did not go to the real service:\n%s", out)
	}
	if got := listRequests(t, realURL); len(got) != 1 || got[0].Status != approval.StatusPending {
		t.Errorf("the real service has requests %+v, want one pending", got)
	}
	if got := listRequests(t, agentURL); len(got) != 0 {
		t.Errorf("the agent's service saw %d requests; it must see none", len(got))
	}

	// The control: without the real installation's client configuration
	// the same plain run falls back to the agent's own (dev) one, and its
	// service approves it at once, without the human: the checks above
	// are what stands between the agent and such an approval. (The run is
	// stopped at its decision: its build is not what this test is about.)
	if err := os.Rename(b.clientPath, b.clientPath+".away"); err != nil {
		t.Fatal(err)
	}
	control := b.command(b.agentCred, b.agentHome, filepath.Join(b.agentHome, "proj"), run)
	var controlOut syncBuffer
	control.Stdout, control.Stderr = &controlOut, &controlOut
	if err := control.Start(); err != nil {
		t.Fatal(err)
	}
	approved := false
	for deadline := time.Now().Add(90 * time.Second); !approved && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		approved = strings.Contains(controlOut.String(), "decision     auto_approved by policy:agent-approves")
	}
	control.Process.Kill()
	control.Wait()
	if err := os.Rename(b.clientPath+".away", b.clientPath); err != nil {
		t.Fatal(err)
	}
	if !approved || !strings.Contains(controlOut.String(), "DEV MODE") {
		t.Errorf("the control run was not auto-approved by the agent's service:\n%s", controlOut.String())
	}
}

// killGroup ends a service started in its own process group, with the
// builds it started (a go command and its compilers would outlive it).
func killGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Wait()
}

// syncBuffer is a bytes.Buffer a process writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServiceOwnsItsState is attacks A3/A5 with real processes: a second
// instance on the same state is refused while the first holds the lock;
// root may not run the real service; a state folder the service does not
// own, or whose modes are loose, is refused; the real service's audit log
// has the same rows and head after all of them as before.
func TestServiceOwnsItsState(t *testing.T) {
	if testing.Short() {
		t.Skip("makes OS accounts and starts real services")
	}
	b := newBoundary(t)
	b.startService(t)
	runArgs := []string{"service", "run", "--state", b.layout.state, "--config", b.layout.config}
	// The audit log's rows and head before the refused starts.
	before := b.root(t, exitOK, "audit", "verify", "--state", b.layout.state)

	second := b.command(b.serviceCred, b.layout.state, "/", runArgs)
	if out := b.expect(t, second, exitRefused); !strings.Contains(out, "another approval service instance holds") {
		t.Errorf("second instance: %s", out)
	}
	if out := b.root(t, exitRefused, runArgs...); !strings.Contains(out, "not root") {
		t.Errorf("root running the real service: %s", out)
	}
	// The agent's dev service pointed at the real state: refused.
	out := b.asAgent(t, exitRefused, []string{"service", "run", "--dev", "--state", b.layout.state, "--config", b.layout.config})
	if !strings.Contains(out, "not by this service") && !strings.Contains(out, "permission denied") {
		t.Errorf("agent's dev service on the real state: %s", out)
	}
	// A state folder with loose modes is refused even by its owner.
	loose := filepath.Join(b.base, "loose-state")
	if err := os.Mkdir(loose, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(loose, 0o777)
	os.Chown(loose, int(b.serviceCred.Uid), int(b.serviceCred.Gid))
	out = b.expect(t, b.command(b.serviceCred, b.layout.state, "/", []string{"service", "run", "--state", loose, "--config", b.layout.config}), exitRefused)
	if !strings.Contains(out, "a service's folder is 0700 or 0750") {
		t.Errorf("loose state folder: %s", out)
	}
	// Nothing the refused starts did reached the real service's log: the
	// same rows, the same head.
	if out := b.root(t, exitOK, "audit", "verify", "--state", b.layout.state); !strings.Contains(out, "chain intact") || out != before {
		t.Errorf("audit verify after the refused starts:\n%s\nbefore them:\n%s", out, before)
	}
}

// TestServiceBuildsAndRuns is the happy path of a real installation and
// attacks B1/B2 and D1/D2 with real processes. The agent's `clauz3 run`
// submits; while the request is pending the agent rewrites its project's
// copy of the layer (Go code and Python spec) to mail eve and drop a
// file; the human logs in with the password and approves in headless
// Chromium (on the real service's privileged loopback port); the service
// builds from its own layer store with its own toolchain and caches and
// runs the binary as its own account with the layer configuration from
// its config folder. The mail goes to the outbox the service configured,
// not to the one the agent's environment names (D1), HOME and the path
// roots the agent set do not reach the binary (D2), and the agent's edit
// changes nothing that runs (B1/B2).
func TestServiceBuildsAndRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("makes OS accounts, starts a real service and builds a sealed binary as the service's account")
	}
	b := newBoundary(t)
	// The service's layer configuration: its outbox, in a folder only
	// the service account may write.
	outDir := filepath.Join(b.base, "service-outbox")
	if err := os.Mkdir(outDir, 0o700); err != nil {
		t.Fatal(err)
	}
	os.Chown(outDir, int(b.serviceCred.Uid), int(b.serviceCred.Gid))
	outbox := filepath.Join(outDir, "outbox.jsonl")
	cfgFile := filepath.Join(b.layout.config, "layers", "email.json")
	if err := os.WriteFile(cfgFile, []byte(`{"env": {"CLAUZ3_TEST_OUTBOX": "`+outbox+`"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chown(cfgFile, int(b.serviceCred.Uid), int(b.serviceCred.Gid))
	// The test layer's outbox is nothing the sandbox derives a grant for:
	// the service's settings grant its folder.
	grantSandbox(t, b.layout.config, outDir)
	// The service's own build cache, seeded by root with the standard
	// library compiled by the last passing run (servicecache_test.go).
	seedServiceGoCache(t, b)
	b.startService(t)
	realURL := "http://" + b.addr

	agentOutbox := filepath.Join(b.agentHome, "agent-outbox.jsonl")
	pwned := filepath.Join(b.agentHome, "pwned")
	cmd := b.command(b.agentCred, b.agentHome, filepath.Join(b.agentHome, "proj"), []string{"run", "--approval-timeout", "60s", "plan.py"},
		"CLAUZ3_TEST_OUTBOX="+agentOutbox, "CLAUZ3_FS_ROOTS=/", "HOME=/")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The human, in headless Chromium: the password typed into the real
	// service's login page, the pending request opened from the list.
	browser, err := browsertest.Start(t.TempDir(), 5*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer browser.Stop()
	if err := browser.Login(realURL+"/login", testServicePassword); err != nil {
		t.Fatal(err)
	}
	href, err := browser.OpenPending(realURL)
	if err != nil {
		t.Fatal(err)
	}
	id := strings.TrimPrefix(href, "/ui/requests/")

	// B1/B2: the agent edits its project's layer after submitting.
	layerDir := filepath.Join(b.agentHome, "proj", "tools", "email", "trusted")
	evil := "package email\n\nimport \"os\"\n\nfunc SendEmail(addr string, msg string) error {\n\treturn os.WriteFile(" + strconv.Quote(pwned) + ", []byte(\"eve@evil.test \"+msg), 0o644)\n}\n"
	if err := os.WriteFile(filepath.Join(layerDir, "email.go"), []byte(evil), 0o644); err != nil {
		t.Fatal(err)
	}
	effects, _ := os.ReadFile(filepath.Join(layerDir, "effects.py"))
	os.WriteFile(filepath.Join(layerDir, "effects.py"), append(effects, []byte("\n# edited by the agent after submission\n")...), 0o644)

	if err := browser.Approve(testServicePassword, "approved in the browser"); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	t.Logf("agent's run:\n%s", out.String())
	if err != nil || !strings.Contains(out.String(), `execute      ✓ send_email("bob@example.com", "Report is ready")`) || !strings.HasSuffix(out.String(), "  done.\n") {
		t.Fatalf("the approved run did not run to its end (%v):\n%s", err, out.String())
	}
	want := `{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"
	if data, err := os.ReadFile(outbox); err != nil || string(data) != want {
		t.Errorf("the service's outbox %q %v, want %q", data, err, want)
	}
	for _, p := range []string{agentOutbox, pwned} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists: the agent's environment or edited layer reached the sealed binary", p)
		}
	}
	// The run is the service's: nobody but the submitting client may ask
	// for it (attack E1g; that client's second ask is refused as spent,
	// approval TestRunEndpoint), and the audit log says what ran.
	human := &httpClient{base: realURL, http: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	human.login(t, realURL+"/login")
	if code, body, err := human.do("POST", "/api/requests/"+id+"/run", map[string]string{}); err != nil || code != http.StatusForbidden || !strings.Contains(string(body), "only the client that submitted") {
		t.Errorf("another client's run of %s: %d %s %v, want 403", id, code, body, err)
	}
	if out := b.root(t, exitOK, "audit", "verify", "--state", b.layout.state); !strings.Contains(out, "chain intact") {
		t.Errorf("audit verify: %s", out)
	}
}
