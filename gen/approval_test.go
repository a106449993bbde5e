package gen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
	planrt "github.com/clauz3/clauz3/runtime"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// TestBuildRealWithApprovalKey: a real build with an approval key embeds
// the plan's digest, target and key; its binary runs the effect only with
// a receipt for this plan, redeemed once with the service.
func TestBuildRealWithApprovalKey(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	svc := approvaltest.New(t)
	prog, src := compileCorpus(t, "email_only_bob_pass")
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	if res.PlanDigest != ir.Digest(src, prog) {
		t.Errorf("PlanDigest %s, want ir.Digest %s", res.PlanDigest, ir.Digest(src, prog))
	}
	gate := false
	for _, p := range res.Imports {
		gate = gate || p == RedeemPath
	}
	if !gate {
		t.Errorf("the real binary does not link %s: %v", RedeemPath, res.Imports)
	}
	noKey, err := Identity(context.Background(), prog, src, BuildOptions{Mode: Real})
	if err != nil || noKey.Digest == res.PlanHash {
		t.Errorf("the approval key must change the build hash: %s %s %v", noKey, res.PlanHash, err)
	}

	dir := t.TempDir()
	outbox := filepath.Join(dir, "outbox.jsonl")
	sub := approvaltest.Binding{PlanHash: res.PlanDigest, BuildID: res.PlanHash, Target: "main"}
	write := func(name string, p receipt.Payload) string {
		r := svc.Sign(p)
		path := filepath.Join(dir, name)
		data := `{"payload":"` + r.Payload + `","signature":"` + r.Signature + `","key_id":"` + r.KeyID + `"}`
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	other := svc.Payload("req_2", sub, "approved_once")
	other.PlanHash = "sha256:" + strings.Repeat("ab", 32)
	code, _, stderr := runBinary(t, res.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", write("other.json", other), "--service", svc.URL())
	if code != 3 || !strings.Contains(stderr, "plan hash mismatch") {
		t.Errorf("another plan's receipt: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(outbox); err == nil {
		t.Fatal("an effect fired with another plan's receipt")
	}

	good := write("good.json", svc.Payload("req_1", sub, "approved_once"))
	code, _, stderr = runBinary(t, res.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", good, "--service", svc.URL())
	if code != 0 || stderr != "" {
		t.Fatalf("approved run: exit %d, stderr %q", code, stderr)
	}
	data, err := os.ReadFile(outbox)
	if want := `{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"; err != nil || string(data) != want {
		t.Errorf("outbox %q (%v), want %q", data, err, want)
	}
	code, _, stderr = runBinary(t, res.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", good, "--service", svc.URL())
	if code != 3 || !strings.Contains(stderr, "409") {
		t.Errorf("second redemption: exit %d, stderr %q", code, stderr)
	}
	if data2, _ := os.ReadFile(outbox); string(data2) != string(data) {
		t.Errorf("the second run fired an effect: %q", data2)
	}
}

// TestApprovalKeyRefusals: a key on a simulation build or a key that is
// not an ed25519 public key is refused before anything is built.
func TestApprovalKeyRefusals(t *testing.T) {
	prog, src := compileCorpus(t, "email_only_bob_pass")
	for _, c := range []struct {
		mode Mode
		key  string
		want Kind
	}{
		{Simulate, approvaltest.New(t).PublicKey(), RealOnly},
		{Real, "not base64!", BadApprovalKey},
		{Real, "AAAA", BadApprovalKey},
	} {
		_, err := Build(context.Background(), prog, src, BuildOptions{Mode: c.mode, CacheDir: t.TempDir(), ApprovalKey: c.key, Go: func(context.Context, string, []string, io.Writer, ...string) ([]byte, error) {
			t.Error("the go command ran for a refused key")
			return nil, nil
		}})
		if !isRefusal(err, c.want, "") {
			t.Errorf("%s build with key %q: %v, want %v", c.mode, c.key, err, c.want)
		}
	}
}

// TestLayerEditAfterApprovalRefused (B1/B2): the human approved a build
// whose receipt binds its build identity; the agent then edits the layer's
// Go code. The plan (and its ir.Digest) is unchanged, but the rebuilt
// binary has another identity and refuses the receipt: no effect.
func TestLayerEditAfterApprovalRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	svc := approvaltest.New(t)
	project := t.TempDir()
	layer := filepath.Join(project, "tools", "email", "trusted")
	if err := os.MkdirAll(layer, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join("..", "corpus", "tools", "email", "trusted")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(layer, e.Name()), data, 0o644)
	}
	plan, err := os.ReadFile(filepath.Join("..", "corpus", "plans", "email_only_bob_pass.py"))
	if err != nil {
		t.Fatal(err)
	}
	compile := func() *ir.Program {
		prog, err := compiler.Compile(filepath.Join(project, "plan.py"), plan, compiler.Config{ImportRoots: []string{project}})
		if err != nil {
			t.Fatal(err)
		}
		return prog
	}
	opts := BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey()}
	approved, err := Build(context.Background(), compile(), plan, opts)
	if err != nil {
		t.Fatal(err)
	}
	// The identity the service computes before building is the build's.
	if pre, err := Identity(context.Background(), compile(), plan, opts); err != nil || pre.Digest != approved.PlanHash || approved.Identity.Digest != approved.PlanHash {
		t.Fatalf("Identity before the build %v (%v), the build's %s", pre, err, approved.PlanHash)
	}
	receiptFile := svc.ReceiptFile(approved.PlanDigest, approved.PlanHash, "main")

	// The agent's edit: every mail goes to eve.
	goFile := filepath.Join(layer, "email.go")
	code, _ := os.ReadFile(goFile)
	edited := strings.Replace(string(code), "func SendEmail(addr string, msg string) error {", "func SendEmail(addr string, msg string) error {\n\taddr = \"eve@evil.example\"", 1)
	if edited == string(code) {
		t.Fatal("the edit did not apply")
	}
	os.WriteFile(goFile, []byte(edited), 0o644)
	rebuilt, err := Build(context.Background(), compile(), plan, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rebuilt.PlanDigest != approved.PlanDigest || rebuilt.PlanHash == approved.PlanHash {
		t.Fatalf("plan %s -> %s, build %s -> %s: want the same plan, another build", approved.PlanDigest, rebuilt.PlanDigest, approved.PlanHash, rebuilt.PlanHash)
	}
	outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
	exit, _, stderr := runBinary(t, rebuilt.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", receiptFile, "--service", svc.URL())
	if exit != 3 || !strings.Contains(stderr, "build identity mismatch") {
		t.Errorf("the edited layer's binary with the approved receipt: exit %d, stderr %q", exit, stderr)
	}
	if data, err := os.ReadFile(outbox); err == nil {
		t.Errorf("an effect fired: %s", data)
	}
}

// TestLayerConfigCheckedAtRun: a binary built for a layer configuration
// (the service's, whose digest the build identity and so the receipt
// bind) refuses, before it redeems its receipt and before any effect, to
// run with any other: a changed, added or missing setting of its layers,
// or another layer's setting. Only the configuration it was built for
// runs.
func TestLayerConfigCheckedAtRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	svc := approvaltest.New(t)
	prog, src := compileCorpus(t, "email_only_bob_pass")
	dir := t.TempDir()
	outbox, elsewhere := filepath.Join(dir, "outbox.jsonl"), filepath.Join(dir, "agent.jsonl")
	cfg := `{"bank":["CLAUZ3_BANK_DB=/srv/ledger.db"],"email":["CLAUZ3_TEST_OUTBOX=` + outbox + `"]}`
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey(), LayerConfig: []byte(cfg)})
	if err != nil {
		t.Fatal(err)
	}
	sub := approvaltest.Binding{PlanHash: res.PlanDigest, BuildID: res.PlanHash, Target: "main"}
	// One receipt for every run: had a refused run redeemed it, the last
	// run would be refused as a second redemption.
	r := svc.Sign(svc.Payload("req_1", sub, "approved_once"))
	receiptFile := filepath.Join(t.TempDir(), "receipt.json")
	data := `{"payload":"` + r.Payload + `","signature":"` + r.Signature + `","key_id":"` + r.KeyID + `"}`
	if err := os.WriteFile(receiptFile, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(env ...string) (int, string) {
		cmd := exec.Command(res.Binary, "--receipt", receiptFile, "--service", svc.URL())
		cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + dir}, env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	for _, c := range []struct {
		name string
		env  []string
		says string
	}{
		{"changed", []string{"CLAUZ3_TEST_OUTBOX=" + elsewhere}, "CLAUZ3_TEST_OUTBOX"},
		{"added", []string{"CLAUZ3_TEST_OUTBOX=" + outbox, "CLAUZ3_SMTP_HOST=evil.test"}, "CLAUZ3_SMTP_HOST"},
		{"missing", nil, "CLAUZ3_TEST_OUTBOX"},
		{"another layer's", []string{"CLAUZ3_TEST_OUTBOX=" + outbox, "CLAUZ3_BANK_DB=/srv/ledger.db"}, "CLAUZ3_BANK_DB"},
	} {
		code, stderr := run(c.env...)
		if code != 3 || !strings.Contains(stderr, "layer configuration") || !strings.Contains(stderr, c.says) {
			t.Errorf("%s: exit %d, stderr %q; want 3 naming %s", c.name, code, stderr, c.says)
		}
		for _, p := range []string{outbox, elsewhere} {
			if _, err := os.Stat(p); err == nil {
				t.Fatalf("%s: an effect fired under another layer configuration (%s)", c.name, p)
			}
		}
	}
	if code, stderr := run("CLAUZ3_TEST_OUTBOX=" + outbox); code != 0 {
		t.Fatalf("the configuration it was built for: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(outbox); err != nil {
		t.Fatalf("the approved run fired no effect: %v", err)
	}
}

// TestSandboxChildEnvAgrees: planrt leaves out of its layer-configuration
// check exactly the variable the sandbox marks its child with.
func TestSandboxChildEnvAgrees(t *testing.T) {
	if planrt.SandboxChildEnv != sandbox.ChildEnv {
		t.Fatalf("planrt.SandboxChildEnv %q, sandbox.ChildEnv %q", planrt.SandboxChildEnv, sandbox.ChildEnv)
	}
	if _, err := boundLayerEnv([]byte(`{"email":["`+sandbox.ChildEnv+`=0"]}`), []*Layer{{Name: "tools.email.trusted"}}); err == nil {
		t.Fatal("a layer configuration setting the sandbox's mark was accepted")
	}
}
