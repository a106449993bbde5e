package gen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	id   string // the binary's build identity, which its receipt binds
	dir  string
	n    *atomic.Int32
	// service, when set, replaces the service's URL (same server).
	service string
}

func (r sandboxRun) run(env []string, args ...string) (code int, stdout, stderr, trace string) {
	r.t.Helper()
	id := fmt.Sprintf("req_%d", r.n.Add(1))
	rc := r.svc.Sign(r.svc.Payload(id, approvaltest.Binding{PlanHash: r.hash, BuildID: r.id, Target: "main"}, "approved_once"))
	data, err := json.Marshal(rc)
	if err != nil {
		r.t.Fatal(err)
	}
	path := filepath.Join(r.dir, id+".json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		r.t.Fatal(err)
	}
	service := r.svc.URL()
	if r.service != "" {
		service = r.service
	}
	tracePath := filepath.Join(r.dir, id+".trace")
	code, stdout, stderr = runBinary(r.t, r.bin, env, append([]string{"--receipt", path, "--service", service, "--trace", tracePath}, args...)...)
	tr, _ := os.ReadFile(tracePath)
	return code, stdout, stderr, string(tr)
}

// drainAccepted is how many connections l accepted since the last call.
// A connect(2) that succeeded has completed its handshake, so the
// connection is already in l's queue when the client process has ended:
// a short deadline finds it without racing.
func drainAccepted(t *testing.T, l *net.TCPListener) int {
	t.Helper()
	n := 0
	for {
		if err := l.SetDeadline(time.Now().Add(100 * time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		c, err := l.Accept()
		if err != nil {
			return n
		}
		c.Close()
		n++
	}
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
// derived from a configuration (the home folder holding
// ~/.ssh/id_ed25519 as the root; no network, or one port), and shows each
// misbehaviour ending the run with a typed refusal (exit status 4,
// `clauz3: sandbox: denied: <what>` on stderr, and for an effect's
// operation the trace's {"failed": ..., "error": "SandboxError"} record,
// which the runner's transcript reads) and nothing outside the allowed
// set changed: the file outside the roots, no link in the root, no
// connection accepted by a listener the test holds, no marker file that
// a shell or a forked child would write, the key not printed. Each world
// check is first shown to catch the operation when a binary of the same
// plan built without a sandbox does it, so no check passes vacuously.
// The allowed operations still work, and a binary built with a wider
// policy does not run under a receipt for this one: the receipt binds
// the policy through the build identity.
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
	outsideDir := t.TempDir()
	outside := filepath.Join(outsideDir, "outside.txt")
	marker := filepath.Join(outsideDir, "marker")
	link := filepath.Join(root, "link")
	listen := func() *net.TCPListener {
		l, err := net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		return l.(*net.TCPListener)
	}
	l1, l2 := listen(), listen()
	allowedPort := uint16(l1.Addr().(*net.TCPAddr).Port)

	cr, src := sandboxPlan(t)
	svc := approvaltest.New(t)
	build := func(cfg *SandboxConfig) sandboxRun {
		res, err := Build(context.Background(), cr.prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey(), Sandbox: cfg})
		if err != nil {
			t.Fatal(err)
		}
		main, err := os.ReadFile(filepath.Join(res.Dir, "main.go"))
		embeds := err == nil && strings.Contains(string(main), "var sandboxPolicy = sandbox.Policy{") && strings.Contains(string(main), "&sandbox.Runtime{Policy: sandboxPolicy}")
		if embeds != (cfg != nil) {
			t.Fatalf("main.go embeds and applies a policy: %v, want %v (%v):\n%s", embeds, cfg != nil, err, main)
		}
		return sandboxRun{t: t, svc: svc, bin: res.Binary, hash: res.PlanDigest, id: res.PlanHash, dir: t.TempDir(), n: new(atomic.Int32)}
	}
	env := map[string]string{"HOME": home}
	limits := sandbox.Limits{CPUSeconds: 2, AddressSpace: 2 << 30, FileSize: 1 << 20, OpenFiles: 64}
	// The root is the whole home: ~/.ssh is inside it and still denied.
	offline := build(&SandboxConfig{Env: env, ReadWrite: []string{home}, Limits: limits})
	online := build(&SandboxConfig{Env: env, ReadWrite: []string{home}, ConnectPorts: []uint16{allowedPort}, Limits: limits})
	unconfined := build(nil)

	// world says what the last run changed outside the allowed set
	// ("" for nothing), and puts the world back.
	world := func(stdout string) string {
		var changed []string
		if data, _ := os.ReadFile(outside); string(data) != "original" {
			changed = append(changed, fmt.Sprintf("the file outside the roots holds %q", data))
		}
		if _, err := os.Lstat(link); err == nil {
			changed = append(changed, "a link to the outside file was made in the root")
			os.Remove(link)
		}
		if data, err := os.ReadFile(marker); err == nil {
			changed = append(changed, fmt.Sprintf("a child process ran and wrote %q", data))
			os.Remove(marker)
		}
		for _, l := range []*net.TCPListener{l1, l2} {
			if n := drainAccepted(t, l); n > 0 {
				changed = append(changed, fmt.Sprintf("%s accepted %d connections", l.Addr(), n))
			}
		}
		if strings.Contains(stdout, "SECRET KEY") {
			changed = append(changed, "the key was printed")
		}
		if err := os.WriteFile(outside, []byte("original"), 0o644); err != nil {
			t.Fatal(err)
		}
		return strings.Join(changed, "; ")
	}
	world("")

	const denied = "sandbox: denied: misbehave: operation not permitted"
	cases := []struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
		want string // in stderr, with exit status 4
		// effect: the refusal is an effect's (a trace record), not a
		// limit's that ends the process.
		effect bool
		// control: the unconfined binary's run of op changes the world
		// (false where it would only spin or eat memory).
		control bool
	}{
		{"ssh key inside the root, under the deny list", offline, "read", key, denied, true, true},
		{"write outside the roots", offline, "write", outside, denied, true, true},
		{"write outside through /proc/self/root", offline, "write", "/proc/self/root" + outside, denied, true, true},
		{"hard link of an outside file into the root", offline, "hardlink", outside + "|" + link, denied, true, true},
		{"socket from a plan without network", offline, "socket", l1.Addr().String(), denied, true, true},
		{"connect to a port not configured", online, "connect", l2.Addr().String(), denied, true, true},
		{"connect to the approval service's port after admission", online, "connect", strings.TrimPrefix(svc.URL(), "http://"), denied, true, false},
		{"HTTP to the approval service over a pooled connection", online, "http", svc.URL() + "/api/redeem", denied, true, false},
		{"execve /bin/sh", offline, "exec", marker, denied, true, true},
		{"fork and exec in a loop", offline, "fork", marker, denied, true, true},
		{"fork without exec, in a loop", offline, "rawfork", marker, denied, true, true},
		{"open files without bound", offline, "files", filepath.Join(root, "ok.txt"), "sandbox: denied: misbehave: open files limit exceeded", true, false},
		{"CPU without bound", offline, "spin", "", "sandbox: denied: CPU time limit of 2 s exceeded", false, false},
		{"allocation without bound", offline, "alloc", "", "sandbox: denied: the run died in the Go runtime (exit status 2) without reporting how it ended: allocation failing at the address space limit of 2147483648 bytes", false, false},
		// Told from running out of memory by nothing: the supervisor
		// reads no text, so both get the same refusal.
		{"a fatal error that is not memory", offline, "fatal", "", "sandbox: denied: the run died in the Go runtime (exit status 2) without reporting how it ended: allocation failing at the address space limit of 2147483648 bytes", false, false},
		// Either the write's EFBIG reaches the effect first ("misbehave:
		// file size limit exceeded") or the SIGXFSZ handler does ("file
		// size limit of N bytes exceeded"): both are the typed refusal.
		{"file past the size limit", offline, "bigfile", filepath.Join(root, "big"), "file size limit", false, false},
	}
	if err := os.WriteFile(filepath.Join(root, "ok.txt"), []byte("in the root"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"--arg", "op=" + jsonStr(c.op), "--arg", "arg=" + jsonStr(c.arg)}
			if c.control {
				code, stdout, stderr, _ := unconfined.run(nil, args...)
				if changed := world(stdout); changed == "" {
					t.Fatalf("control: without a sandbox the operation changed nothing the test checks (exit %d, stdout %q, stderr %q)", code, stdout, stderr)
				}
			}
			code, stdout, stderr, trace := c.bin.run(nil, args...)
			if code != 4 || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 4 and %q", code, stdout, stderr, c.want)
			}
			// One refusal: a run that refused by itself reported its
			// exit, so its supervisor adds none.
			if n := strings.Count(stderr, "clauz3: sandbox: denied: "); n != 1 {
				t.Fatalf("%d refusals on stderr, want 1: %q", n, stderr)
			}
			if rec := `{"failed":"misbehave","error":"SandboxError"}` + "\n"; c.effect && !strings.HasSuffix(trace, rec) {
				t.Errorf("the trace does not end with the typed refusal %s:\n%s", rec, trace)
			}
			if changed := world(stdout); changed != "" {
				t.Fatalf("the sandboxed run changed the world: %s", changed)
			}
		})
	}
	allowed := []struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
		want string
	}{
		{"write in the root", offline, "write", filepath.Join(root, "ok.txt"), "ALLOWED\n"},
		{"read in the root", offline, "read", filepath.Join(root, "ok.txt"), "ALLOWED: changed by the plan\n"},
		{"connect to the configured port", online, "connect", l1.Addr().String(), "ALLOWED\n"},
	}
	byName := offline
	byName.service = strings.Replace(svc.URL(), "127.0.0.1", "localhost", 1)
	allowed = append(allowed, struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
		want string
	}{"a service named by host name, in a plan without network", byName, "write", filepath.Join(root, "ok2.txt"), "ALLOWED\n"})
	for _, c := range allowed {
		t.Run("allowed/"+c.name, func(t *testing.T) {
			code, stdout, stderr, _ := c.bin.run(nil, "--arg", "op="+jsonStr(c.op), "--arg", "arg="+jsonStr(c.arg))
			if code != 0 || stdout != c.want {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, c.want)
			}
		})
	}
	drainAccepted(t, l1)

	// A binary whose policy grants more (here the folder of the outside
	// file) has another build identity: under a receipt approved for the
	// offline binary it does nothing. With its own receipt the same write
	// succeeds, so the refusal is the binding's, not the sandbox's.
	t.Run("a wider policy under this policy's receipt", func(t *testing.T) {
		wider := build(&SandboxConfig{Env: env, ReadWrite: []string{home, outsideDir}, Limits: limits})
		if wider.id == offline.id {
			t.Fatalf("two policies share the build identity %s", wider.id)
		}
		args := []string{"--arg", "op=" + jsonStr("write"), "--arg", "arg=" + jsonStr(outside)}
		swapped := wider
		swapped.id, swapped.hash = offline.id, offline.hash
		code, stdout, stderr, _ := swapped.run(nil, args...)
		if code != 3 || !strings.Contains(stderr, "build") {
			t.Errorf("the wider binary under the offline binary's receipt: exit %d, stdout %q, stderr %q; want exit 3 (receipt refused)", code, stdout, stderr)
		}
		if changed := world(stdout); changed != "" {
			t.Fatalf("the refused run changed the world: %s", changed)
		}
		if code, stdout, stderr, _ := wider.run(nil, args...); code != 0 || world(stdout) == "" {
			t.Fatalf("control: the wider binary with its own receipt: exit %d, stdout %q, stderr %q; want the write done", code, stdout, stderr)
		}
	})
}

type compilerResult struct{ prog *ir.Program }

func jsonStr(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestSandboxPolicy derives the policy of each bundled layer's
// configuration.
func TestSandboxPolicy(t *testing.T) {
	layer := func(domain string, effects ...string) *Layer {
		l := &Layer{Name: "tools." + domain + ".trusted"}
		for _, e := range effects {
			l.Effects = append(l.Effects, &ir.Effect{Name: e})
		}
		return l
	}
	home := "/home/u"
	cases := []struct {
		name   string
		layers []*Layer
		env    map[string]string
		want   string // sandbox.Policy.String() without the limits line
		err    string // the setting a BadSetting refusal names
	}{
		{"reading files only: roots read-only", []*Layer{layer("filesystem", "read_file", "list_dir"), layer("grep", "grep")},
			map[string]string{"CLAUZ3_FS_ROOTS": "/srv/a:/srv/b"},
			"read-only: /srv/a, /srv/b\nread-write: (none)\nnetwork: none\n", ""},
		{"a writing effect: roots read-write", []*Layer{layer("filesystem", "read_file", "write_file")},
			map[string]string{"CLAUZ3_FS_ROOTS": "/srv/a"},
			"read-only: (none)\nread-write: /srv/a\nnetwork: none\n", ""},
		{"relative root", []*Layer{layer("editor", "replace_in_file")}, map[string]string{"CLAUZ3_FS_ROOTS": "srv"}, "", "CLAUZ3_FS_ROOTS"},
		{"relative ledger", []*Layer{layer("bank", "withdraw")}, map[string]string{"CLAUZ3_BANK_DB": "ledger.db"}, "", "CLAUZ3_BANK_DB"},
		{"relative db", []*Layer{layer("db", "db_query")}, map[string]string{"CLAUZ3_DB_PATH": "app.db"}, "", "CLAUZ3_DB_PATH"},
		{"search service without a port", []*Layer{layer("web_search", "search")}, map[string]string{"CLAUZ3_SEARCH_URL": "gopher://search.example/q"}, "", "CLAUZ3_SEARCH_URL"},
		{"search service without a host", []*Layer{layer("web_search", "search")}, map[string]string{"CLAUZ3_SEARCH_URL": "/q"}, "", "CLAUZ3_SEARCH_URL"},
		{"ledger: its folder", []*Layer{layer("bank", "withdraw")}, map[string]string{"CLAUZ3_BANK_DB": "/var/lib/bank/ledger.db"},
			"read-only: (none)\nread-write: /var/lib/bank\nnetwork: none\n", ""},
		{"db", []*Layer{layer("db", "db_query")}, map[string]string{"CLAUZ3_DB_PATH": "/data/app.db"},
			"read-only: (none)\nread-write: /data\nnetwork: none\n", ""},
		{"email to an address literal, with a password", []*Layer{layer("email", "send_email")},
			map[string]string{"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": "2525", "CLAUZ3_SMTP_CA_FILE": "/etc/ca.pem", "CLAUZ3_SMTP_USER": "u"},
			"read-only: /etc/ca.pem, /etc/host.conf, /etc/hosts, /etc/nsswitch.conf, /etc/pki/ca-trust/extracted, /etc/pki/tls, /etc/resolv.conf, /etc/ssl/cert.pem, /etc/ssl/certs, /usr/local/share/ca-certificates, /usr/share/ca-certificates\nread-write: (none)\nsecret store (read-only): /home/u/.local/share/clauz3\nnetwork: TCP connect to ports 2525\n", ""},
		{"email by name, implicit TLS", []*Layer{layer("email", "send_email")},
			map[string]string{"CLAUZ3_SMTP_HOST": "mail.example.com", "CLAUZ3_SMTP_TLS": "implicit"},
			"network: TCP connect to ports 465, DNS\n", ""},
		{"bad SMTP port", []*Layer{layer("email", "send_email")}, map[string]string{"CLAUZ3_SMTP_PORT": "99999"}, "", "CLAUZ3_SMTP_PORT"},
		{"web fetch", []*Layer{layer("web_fetch", "fetch")}, nil, "network: TCP connect to ports 80, 443, DNS\n", ""},
		{"web fetch with extra ports", []*Layer{layer("web_fetch", "fetch")}, map[string]string{"CLAUZ3_WEB_PORTS": "8080,9443"}, "network: TCP connect to ports 80, 443, 8080, 9443, DNS\n", ""},
		{"web fetch, a bad extra port", []*Layer{layer("web_fetch", "fetch")}, map[string]string{"CLAUZ3_WEB_PORTS": "80,0"}, "", "CLAUZ3_WEB_PORTS"},
		{"web search", []*Layer{layer("web_search", "search")}, map[string]string{"CLAUZ3_SEARCH_URL": "https://search.example:8443/q"}, "network: TCP connect to ports 8443, DNS\n", ""},
		{"each layer reads its own configuration", []*Layer{layer("filesystem", "write_file"), layer("grep", "grep")},
			map[string]string{"LAYER filesystem CLAUZ3_FS_ROOTS": "/srv/rw", "LAYER grep CLAUZ3_FS_ROOTS": "/srv/ro"},
			"read-only: /srv/ro\nread-write: /srv/rw\nnetwork: none\n", ""},
		{"env and unknown layers get nothing", []*Layer{layer("env", "get_env"), layer("crm", "add")}, map[string]string{"CLAUZ3_FS_ROOTS": "/srv"},
			"read-only: (none)\nread-write: (none)\nnetwork: none\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{"HOME": home}
			layerEnv := map[string]map[string]string{}
			for k, v := range c.env {
				if rest, ok := strings.CutPrefix(k, "LAYER "); ok {
					domain, key, _ := strings.Cut(rest, " ")
					if layerEnv[domain] == nil {
						layerEnv[domain] = map[string]string{}
					}
					layerEnv[domain][key] = v
					continue
				}
				env[k] = v
			}
			p, err := SandboxPolicy(c.layers, SandboxConfig{Env: env, LayerEnv: layerEnv})
			if c.err != "" {
				if !isRefusal(err, BadSetting, c.err) {
					t.Fatalf("err = %v, want BadSetting of %s", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := p.String()
			if !strings.Contains(got, c.want) {
				t.Fatalf("policy\n%s\nwant it to contain\n%s", got, c.want)
			}
			if p.Limits != sandbox.DefaultLimits || p.Home != home {
				t.Errorf("limits %+v home %q: want the defaults and %q", p.Limits, p.Home, home)
			}
		})
	}
}

// TestSandboxPolicyInBuildHash: two configurations never share a cached
// binary, and a simulation binary may not link the sandbox.
func TestSandboxPolicyInBuildHash(t *testing.T) {
	prog, src := compileCorpus(t, "email_only_bob_pass")
	hashes := map[string]bool{}
	for _, cfg := range []*SandboxConfig{nil, {ReadWrite: []string{"/a"}}, {ReadWrite: []string{"/b"}}} {
		id, err := identityOf(prog, src, BuildOptions{Mode: Real, Sandbox: cfg}, nil, "/usr/local/go/bin/go", "go version go0.0 linux/amd64")
		if err != nil {
			t.Fatal(err)
		}
		hashes[id.Digest] = true
	}
	if len(hashes) != 3 {
		t.Errorf("the policy does not change the build identity: %v", hashes)
	}
	pkgs := []pkgInfo{{Path: buildModule, Imports: []string{RuntimePath, SandboxPath}}, {Path: SandboxPath}}
	var ce *ClosureError
	if err := checkClosure(pkgs, Simulate, nil); !errors.As(err, &ce) || !sameProblems(ce.Problems, []ClosureProblem{{Rule: SimulationLink, Package: buildModule, Import: SandboxPath}}) {
		t.Errorf("simulation closure with the sandbox: %v", err)
	}
	if err := checkClosure(pkgs, Real, nil); err != nil {
		t.Errorf("real closure with the sandbox: %v", err)
	}
	_, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: t.TempDir(), Sandbox: &SandboxConfig{}})
	if !isRefusal(err, RealOnly, "") {
		t.Errorf("simulate build with a sandbox: %v", err)
	}
}

// TestSandboxHosts: the card's sandbox names the hosts (and ports) a run
// can connect to, as the layers' configuration names them: the mail
// server, web_fetch's "any public host" on its ports as they really are
// (loopback only in dev mode), the search service, the service's extra
// ports; a layer that connects without a configured host says so, and a
// host that could not be shown as it is refuses.
func TestSandboxHosts(t *testing.T) {
	layer := func(domain string) *Layer { return &Layer{Name: "tools." + domain + ".trusted"} }
	for _, c := range []struct {
		name   string
		layers []*Layer
		env    map[string]string
		ports  []uint16
		want   []string
		err    string
	}{
		{name: "no network", layers: []*Layer{layer("bank"), layer("filesystem")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "mail.example.com"}},
		{name: "mail server", layers: []*Layer{layer("email")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "smtp.example.com"},
			want: []string{"connects to: the mail server smtp.example.com:587 (email layer)"}},
		{name: "mail server, implicit TLS, IPv6", layers: []*Layer{layer("email")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "::1", "CLAUZ3_SMTP_TLS": "implicit"},
			want: []string{"connects to: the mail server [::1]:465 (email layer)"}},
		{name: "mail server, own port", layers: []*Layer{layer("email")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": "2525"},
			want: []string{"connects to: the mail server 127.0.0.1:2525 (email layer)"}},
		{name: "mail server not configured", layers: []*Layer{layer("email")},
			want: []string{"connects to: the mail server, not configured (CLAUZ3_SMTP_HOST is not set: the email layer sends nothing), port 587 (email layer)"}},
		{name: "a host that hides a line", layers: []*Layer{layer("email")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "a.example\nread-write: /"}, err: "CLAUZ3_SMTP_HOST"},
		{name: "a search URL whose host is no host", layers: []*Layer{layer("web_search")}, env: map[string]string{"CLAUZ3_SEARCH_URL": "https://a%20b.example/q"}, err: "CLAUZ3_SEARCH_URL"},
		{name: "web fetch", layers: []*Layer{layer("web_fetch")},
			want: []string{"connects to: any public host on ports 80, 443 (web_fetch layer: any web address the plan names; private, link-local and metadata addresses are refused)"}},
		{name: "web fetch in dev mode with a local port", layers: []*Layer{layer("web_fetch")}, env: map[string]string{"CLAUZ3_WEB_ALLOW_LOOPBACK": "1", "CLAUZ3_WEB_PORTS": "8080"},
			want: []string{"connects to: any public host and this machine's loopback addresses (dev mode) on ports 80, 443, 8080 (web_fetch layer: any web address the plan names; private, link-local and metadata addresses are refused)"}},
		{name: "search service", layers: []*Layer{layer("web_search")}, env: map[string]string{"CLAUZ3_SEARCH_URL": "https://search.example/q"},
			want: []string{"connects to: the search service search.example:443 (web_search layer)"}},
		{name: "service ports", layers: []*Layer{layer("env")}, ports: []uint16{9000, 25},
			want: []string{"connects to: any host on port 25 (the service's sandbox configuration)", "connects to: any host on port 9000 (the service's sandbox configuration)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := SandboxConfig{Env: map[string]string{"HOME": "/home/u"}, LayerEnv: map[string]map[string]string{}, ConnectPorts: c.ports}
			for _, l := range c.layers {
				cfg.LayerEnv[layerBase(l.Name)] = c.env
			}
			got, err := SandboxHosts(c.layers, cfg)
			if c.err != "" {
				if !isRefusal(err, BadSetting, c.err) {
					t.Fatalf("SandboxHosts = %q, %v; want BadSetting of %s", got, err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("SandboxHosts =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			p, err := SandboxPolicy(c.layers, cfg)
			if err != nil {
				t.Fatal(err)
			}
			text := SandboxText(p, got)
			if len(got) > 0 && !strings.Contains(text, "\n"+got[0]+"\n") || !strings.HasSuffix(text, "\n") {
				t.Errorf("SandboxText =\n%s", text)
			}
		})
	}
}
