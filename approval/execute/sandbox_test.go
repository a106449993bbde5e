package execute

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// serviceOptions are a service's run settings for these tests: the go
// command found on PATH (absolute), the machine's Go caches (warm builds),
// the fake service's key and URL, and home as the account's home.
func serviceOptions(t *testing.T, svc *approvaltest.Service, home string) Options {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err == nil {
		goBin, err = filepath.Abs(goBin)
	}
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	goEnv := func(name string) string {
		out, _ := exec.Command(goBin, "env", name).Output()
		return strings.TrimSpace(string(out))
	}
	return Options{
		GoBin: goBin, GoCache: goEnv("GOCACHE"), GoModCache: goEnv("GOMODCACHE"), CacheDir: filepath.Join(t.TempDir(), "builds"),
		WorkDir: filepath.Join(t.TempDir(), "runs"), ApprovalKey: svc.PublicKey(), ServiceURL: svc.URL(), Home: home,
		LayerEnv: map[string][]string{},
	}
}

// TestRunIsSandboxed (issue 15, the service's side): an approved run the
// service builds and runs is confined by the kernel sandbox derived from
// its configuration. A test-only layer that misbehaves (gen's testdata)
// reading the service account's ~/.ssh/id_ed25519 is stopped (exit 4,
// sandbox: denied) and prints nothing of it; writing inside the folder the
// service's configuration grants still works, so the refusal is the
// sandbox's, not a broken run.
func TestRunIsSandboxed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a sealed binary")
	}
	if s := sandbox.Probe(); s.Missing() != "" {
		t.Fatalf("this machine lacks %s: the sandbox cannot be shown here", s.Missing())
	}
	svc := approvaltest.New(t)
	home := t.TempDir()
	root := filepath.Join(t.TempDir(), "granted")
	for _, d := range []string{root, filepath.Join(home, ".ssh")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.WriteFile(key, []byte("SERVICE ACCOUNT SSH KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	o := serviceOptions(t, svc, home)
	o.Sandbox = SandboxOptions{ReadWrite: []string{root}}
	planRoot := filepath.Join("..", "..", "gen", "testdata", "sandbox")
	src, err := os.ReadFile(filepath.Join(planRoot, "plan.py"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile("plan.py", src, compiler.Config{ImportRoots: []string{planRoot}})
	if err != nil {
		t.Fatal(err)
	}
	id, err := Identity(context.Background(), prog, src, o)
	if err != nil {
		t.Fatal(err)
	}
	run := func(n, op, arg string) Result {
		rc := svc.Sign(svc.Payload("req_"+n, approvaltest.Binding{PlanHash: ir.Digest(src, prog), BuildID: id, Target: "main"}, "approved_once"))
		res, err := Run(context.Background(), Job{Prog: prog, Source: src, Receipt: rc, BuildIdentity: id, Inputs: []string{`op="` + op + `"`, `arg="` + arg + `"`}}, o)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := run("1", "read", key); res.Exit != 4 || !strings.Contains(res.Stderr, "sandbox: denied") || strings.Contains(res.Stdout+res.Stderr, "SERVICE ACCOUNT SSH KEY") {
		t.Errorf("reading ~/.ssh/id_ed25519: exit %d, stdout %q, stderr %q; want 4 and sandbox: denied", res.Exit, res.Stdout, res.Stderr)
	}
	inside := filepath.Join(root, "ok.txt")
	if res := run("2", "write", inside); res.Exit != 0 {
		t.Errorf("writing inside the granted folder: exit %d, stderr %q", res.Exit, res.Stderr)
	}
	if _, err := os.Stat(inside); err != nil {
		t.Errorf("the granted write did not happen: %v", err)
	}
}

// TestRunRefusesWithoutSandbox: on a machine whose kernel lacks a
// protection the sandbox needs, the service runs nothing (before it
// builds) unless its configuration allows unconfined runs, and says why.
func TestRunRefusesWithoutSandbox(t *testing.T) {
	svc := approvaltest.New(t)
	o := serviceOptions(t, svc, t.TempDir())
	o.GoBin = "/nonexistent/go" // nothing may get as far as a build
	o.Support = func() sandbox.Support {
		return sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 0, Seccomp: true, Rlimits: true}
	}
	prog, err := compiler.Compile("plan.py", []byte("def main() -> None:\n    print('hi')\n"), compiler.Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Job{Prog: prog, Source: []byte("x"), BuildIdentity: "sha256:00"}, o)
	var e *Error
	if !errors.As(err, &e) || e.Kind != Unconfined || e.Missing != o.Support().Missing() || e.Missing == "" {
		t.Fatalf("Run on a machine without Landlock = %v; want an unconfined refusal naming what is missing", err)
	}
	// The wording itself is under test here: it tells the administrator
	// the setting that would allow the run.
	if want := "this machine lacks " + e.Missing + ", so a run would not be confined: the service runs no plan here unless its configuration allows unconfined runs (service.json sandbox.allow_unconfined); nothing ran"; err.Error() != want {
		t.Fatalf("refusal = %q, want %q", err, want)
	}
	o.Sandbox.AllowUnconfined = true
	if _, err = Run(context.Background(), Job{Prog: prog, Source: []byte("x"), BuildIdentity: "sha256:00"}, o); err == nil || errors.As(err, &e) && e.Kind == Unconfined {
		t.Fatalf("with allow_unconfined, the refusal must be another (the missing go command): %v", err)
	}
}
