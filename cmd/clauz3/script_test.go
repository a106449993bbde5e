package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/internal/approvaltest/fakerun"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"clauz3":   func() { os.Exit(runEnv(testEnv(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"mcp-call": func() { os.Exit(mcpCall()) },
	})
}

// testEnv is the test binary's env: the client configuration is looked
// up under $TEST_CLIENT_HOME (dev mode) and $TEST_CLIENT_SYSTEM, never in
// this machine's /etc/clauz3 or the root account's home, which tests must
// not read or write. Only the test binary has this seam.
func testEnv() env {
	return env{clientPaths: func() (client.Paths, error) {
		p := client.Paths{System: "/nonexistent/clauz3-test/client.json", UserHome: "/nonexistent/clauz3-test-home"}
		if v := os.Getenv("TEST_CLIENT_SYSTEM"); v != "" {
			p.System = v
		}
		if v := os.Getenv("TEST_CLIENT_HOME"); v != "" {
			p.UserHome = v
		}
		return p, nil
	}}
}

// TestScripts runs the CLI scripts in testdata/script. Each script gets
// the repository's corpus layers copied into $WORK/tools by Setup, so the
// plans in a script import them as the seed's plans do.
func TestScripts(t *testing.T) {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	caches, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	goCache, goModCache, _ := strings.Cut(strings.TrimSpace(string(caches)), "\n")
	ports := testPorts()
	testscript.Run(t, testscript.Params{
		Dir:  "testdata/script",
		Cmds: humanCmds(),
		Setup: func(env *testscript.Env) error {
			// For scripts that set up a real dev service (the README's
			// first approved run): the repository, this machine's Go
			// caches (dev mode may share them, so sealed builds stay
			// warm) and a free loopback address for the service.
			env.Setenv("REPO_ROOT", repo)
			env.Setenv("HOST_GOCACHE", goCache)
			env.Setenv("HOST_GOMODCACHE", goModCache)
			addr, err := ports.addr()
			if err != nil {
				return err
			}
			env.Setenv("FREE_ADDR", addr)
			// Sealed builds take the go command's caches from the account
			// database's home, whatever the script's HOME and GO*
			// variables; the clauz3 build cache is the script's own.
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, ".cache"))
			// Each script has its own in-test approval service, which
			// builds and runs approved plans against the script's tools/
			// with the outbox in $WORK as the email layer's configuration
			// (the service's, never the runner's environment).
			approval := scriptApprovalService(t)
			fakerun.Attach(t, approval, env.WorkDir, map[string][]string{"email": {"CLAUZ3_TEST_OUTBOX=" + filepath.Join(env.WorkDir, "outbox.jsonl")}}, filepath.Join(env.WorkDir, ".cache", "service-builds"))
			env.Setenv("TEST_APPROVAL_SERVICE", approval.URL())
			// The scripts' runs find the in-test service as a dev
			// installation's client configuration pins it.
			home := filepath.Join(env.WorkDir, ".clienthome")
			env.Setenv("TEST_CLIENT_HOME", home)
			if err := writeDevClient(home, approval.URL(), approval.PublicKey()); err != nil {
				return err
			}
			return copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(env.WorkDir, "tools"))
		},
	})
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// writeDevClient writes a dev installation's client configuration under
// home, with the modes client.Find requires.
func writeDevClient(home, url, publicKey string) error {
	pub, err := receipt.ParsePublicKey(publicKey)
	if err != nil {
		return err
	}
	data, err := json.Marshal(client.Config{Mode: client.ModeDev, URL: url, PublicKey: publicKey, KeyID: receipt.KeyID(pub)})
	if err != nil {
		return err
	}
	path := client.UserPath(home)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}
