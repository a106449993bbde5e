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
	id   string // the binary's build identity, which its receipt binds
	dir  string
	n    *atomic.Int32
	// service, when set, replaces the service's URL (same server).
	service string
}

func (r sandboxRun) run(env []string, args ...string) (int, string, string) {
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
	return runBinary(r.t, r.bin, env, append([]string{"--receipt", path, "--service", service, "--trace", filepath.Join(r.dir, id+".trace")}, args...)...)
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
		return sandboxRun{t: t, svc: svc, bin: res.Binary, hash: res.PlanDigest, id: res.PlanHash, dir: t.TempDir(), n: new(atomic.Int32)}
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
	byName := offline
	byName.service = strings.Replace(svc.URL(), "127.0.0.1", "localhost", 1)
	allowed = append(allowed, struct {
		name string
		bin  sandboxRun
		op   string
		arg  string
	}{"a service named by host name, in a plan without network", byName, "write", filepath.Join(root, "ok2.txt")})
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
		err    string
	}{
		{"reading files only: roots read-only", []*Layer{layer("filesystem", "read_file", "list_dir"), layer("grep", "grep")},
			map[string]string{"CLAUZ3_FS_ROOTS": "/srv/a:/srv/b"},
			"read-only: /srv/a, /srv/b\nread-write: (none)\nnetwork: none\n", ""},
		{"a writing effect: roots read-write", []*Layer{layer("filesystem", "read_file", "write_file")},
			map[string]string{"CLAUZ3_FS_ROOTS": "/srv/a"},
			"read-only: (none)\nread-write: /srv/a\nnetwork: none\n", ""},
		{"relative root", []*Layer{layer("editor", "replace_in_file")}, map[string]string{"CLAUZ3_FS_ROOTS": "srv"}, "", "CLAUZ3_FS_ROOTS entry \"srv\" is not absolute"},
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
		{"bad SMTP port", []*Layer{layer("email", "send_email")}, map[string]string{"CLAUZ3_SMTP_PORT": "99999"}, "", "CLAUZ3_SMTP_PORT \"99999\" is not a port number"},
		{"web fetch", []*Layer{layer("web_fetch", "fetch")}, nil, "network: TCP connect to ports 80, 443, DNS\n", ""},
		{"web fetch with extra ports", []*Layer{layer("web_fetch", "fetch")}, map[string]string{"CLAUZ3_WEB_PORTS": "8080,9443"}, "network: TCP connect to ports 80, 443, 8080, 9443, DNS\n", ""},
		{"web fetch, a bad extra port", []*Layer{layer("web_fetch", "fetch")}, map[string]string{"CLAUZ3_WEB_PORTS": "80,0"}, "", "CLAUZ3_WEB_PORTS entry \"0\" is not a port number"},
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
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err = %v, want %q", err, c.err)
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
	if err := checkClosure(pkgs, Simulate, nil); err == nil || !strings.Contains(err.Error(), "only a real binary applies the kernel sandbox") {
		t.Errorf("simulation closure with the sandbox: %v", err)
	}
	if err := checkClosure(pkgs, Real, nil); err != nil {
		t.Errorf("real closure with the sandbox: %v", err)
	}
	_, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: t.TempDir(), Sandbox: &SandboxConfig{}})
	if err == nil || !strings.Contains(err.Error(), "a sandbox configuration is for real builds") {
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
		{name: "a host that hides a line", layers: []*Layer{layer("email")}, env: map[string]string{"CLAUZ3_SMTP_HOST": "a.example\nread-write: /"}, err: `CLAUZ3_SMTP_HOST "a.example\nread-write: /" is not a host name`},
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
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("SandboxHosts = %q, %v; want the error %q", got, err, c.err)
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
