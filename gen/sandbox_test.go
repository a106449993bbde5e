package gen

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// sandboxRun runs a sealed binary once with a fresh approved_once
// receipt.
type sandboxRun struct {
	t    *testing.T
	svc  *approvaltest.Service
	bin  string
	hash string
	dir  string
	n    *atomic.Int32
}

func (r sandboxRun) run(env []string, args ...string) (int, string, string) {
	r.t.Helper()
	id := fmt.Sprintf("req_%d", r.n.Add(1))
	rc := r.svc.Sign(r.svc.Payload(id, approvaltest.Submission{PlanHash: r.hash, Target: "main"}, "approved_once"))
	data, err := json.Marshal(rc)
	if err != nil {
		r.t.Fatal(err)
	}
	path := filepath.Join(r.dir, id+".json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		r.t.Fatal(err)
	}
	return runBinary(r.t, r.bin, env, append([]string{"--receipt", path, "--service", r.svc.URL(), "--trace", filepath.Join(r.dir, id+".trace")}, args...)...)
}

func sandboxPlan(t *testing.T) (*compilerResult, []byte) {
	t.Helper()
	root := filepath.Join("testdata", "sandbox")
	src, err := os.ReadFile(filepath.Join(root, "plan.py"))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile(filepath.Join(root, "plan.py"), src, compiler.Config{ImportRoots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	return &compilerResult{prog}, src
}

// TestSandboxBuggyLayerSealed builds real sealed binaries linking a
// test-only layer whose Go code misbehaves, with the kernel sandbox
// derived from a configuration (a root under a home holding
// ~/.ssh/id_ed25519; no network, or one port), and shows each
// misbehaviour ending the run with `clauz3: sandbox: denied`, exit
// status 4, and nothing outside the root changed, while the allowed
// operations still work.
func TestSandboxBuggyLayerSealed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	if s := sandbox.Probe(); s.LandlockABI < 4 || !s.Seccomp {
		t.Fatalf("this machine lacks Landlock ABI 4 or seccomp (ABI %d, seccomp %v): the sandbox cannot be shown here", s.LandlockABI, s.Seccomp)
	}
	home := t.TempDir()
	root := filepath.Join(home, "work")
	for _, d := range []string{root, filepath.Join(home, ".ssh")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := filepath.Join(home, ".ssh", "id_ed25519")
	if err := os.WriteFile(key, []byte("SECRET KEY"), 0o600); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside.txt")
	l1, _ := net.Listen("tcp4", "127.0.0.1:0")
	l2, _ := net.Listen("tcp4", "127.0.0.1:0")
	defer l1.Close()
	defer l2.Close()
	allowedPort := uint16(l1.Addr().(*net.TCPAddr).Port)

	cr, src := sandboxPlan(t)
	svc := approvaltest.New(t)
	build := func(cfg SandboxConfig) sandboxRun {
		res, err := Build(context.Background(), cr.prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey(), Sandbox: &cfg})
		if err != nil {
			t.Fatal(err)
		}
		main, err := os.ReadFile(filepath.Join(res.Dir, "main.go"))
		if err != nil || !strings.Contains(string(main), "var sandboxPolicy = sandbox.Policy{") || !strings.Contains(string(main), "&sandbox.Runtime{Policy: sandboxPolicy}") {
			t.Fatalf("main.go does not embed and apply the policy (%v):\n%s", err, main)
		}
		return sandboxRun{t: t, svc: svc, bin: res.Binary, hash: res.PlanDigest, dir: t.TempDir(), n: new(atomic.Int32)}
	}
	env := map[string]string{"HOME": home}
	limits := sandbox.Limits{CPUSeconds: 2, AddressSpace: 2 << 30, FileSize: 1 << 20}
	offline := build(SandboxConfig{Env: env, ReadWrite: []string{root}, Limits: limits})
	online := build(SandboxConfig{Env: env, ReadWrite: []string{root}, ConnectPorts: []uint16{allowedPort}, Limits: limits})

	cases := []struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
		want string // in stderr, with exit status 4
	}{
		{"ssh key under the granted home's deny list", offline, "read", key, "sandbox: denied: misbehave: operation not permitted"},
		{"write outside the roots", offline, "write", outside, "sandbox: denied: misbehave: operation not permitted"},
		{"write outside through /proc/self/root", offline, "write", "/proc/self/root" + outside, "sandbox: denied: misbehave: operation not permitted"},
		{"hard link of an outside file into the root", offline, "hardlink", outside + "|" + filepath.Join(root, "link"), "sandbox: denied: misbehave: operation not permitted"},
		{"socket from a plan without network", offline, "socket", "", "sandbox: denied: misbehave: operation not permitted"},
		{"connect to a port not configured", online, "connect", l2.Addr().String(), "sandbox: denied: misbehave: operation not permitted"},
		{"connect to the approval service's port after admission", online, "connect", strings.TrimPrefix(svc.URL(), "http://"), "sandbox: denied: misbehave: operation not permitted"},
		{"HTTP to the approval service over a pooled connection", online, "http", svc.URL() + "/api/redeem", "sandbox: denied: misbehave: operation not permitted"},
		{"execve /bin/sh", offline, "exec", "", "sandbox: denied: misbehave: operation not permitted"},
		{"fork in a loop", offline, "fork", "", "sandbox: denied: misbehave: operation not permitted"},
		{"CPU without bound", offline, "spin", "", "sandbox: denied: CPU time limit of 2 s exceeded"},
		{"allocation without bound", offline, "alloc", "", "sandbox: denied: address space limit of 2147483648 bytes exceeded"},
		{"file past the size limit", offline, "bigfile", filepath.Join(root, "big"), "sandbox: denied: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(outside, []byte("original"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := c.bin.run(nil, "--arg", "op="+jsonStr(c.op), "--arg", "arg="+jsonStr(c.arg))
			if code != 4 || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 4 and %q", code, stdout, stderr, c.want)
			}
			if data, _ := os.ReadFile(outside); string(data) != "original" {
				t.Fatalf("the file outside the roots changed: %q", data)
			}
			if _, err := os.Lstat(filepath.Join(root, "link")); err == nil {
				t.Fatal("a link to the outside file was made in the root")
			}
		})
	}
	allowed := []struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
	}{
		{"write in the root", offline, "write", filepath.Join(root, "ok.txt")},
		{"read in the root", offline, "read", filepath.Join(root, "ok.txt")},
		{"connect to the configured port", online, "connect", l1.Addr().String()},
	}
	for _, c := range allowed {
		t.Run("allowed/"+c.name, func(t *testing.T) {
			code, stdout, stderr := c.bin.run(nil, "--arg", "op="+jsonStr(c.op), "--arg", "arg="+jsonStr(c.arg))
			if code != 0 || stdout != "ALLOWED\n" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want ALLOWED", code, stdout, stderr)
			}
		})
	}
}

type compilerResult struct{ prog *ir.Program }

func jsonStr(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
