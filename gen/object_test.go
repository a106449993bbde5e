package gen

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
)

// TestObjectParameterReachesLayer: an effect parameter declared
// where: dict[str, object] | None = None (as layers written for the
// original ClauZ3 declare it) binds to a Go map[string]any, and the
// sealed binary hands the layer the plan's values as string, int64, bool
// and nil, and None as a nil map.
func TestObjectParameterReachesLayer(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "tickets", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"__init__.py": "",
		"effects.py": "import deal\n\n\n@deal.post(lambda result: len(result) <= 5)\n@deal.has(\"read\")\n" +
			"def query_tickets(table: str, where: dict[str, object] | None = None) -> list[str]:\n    return []\n",
		"tickets.go": `package tickets

import (
	"fmt"
	"os"
	"sort"
)

// QueryTickets records what it was given: the keys in order, each value
// with its Go type, or that where is nil.
func QueryTickets(table string, where map[string]any) ([]string, error) {
	line := table + ":"
	if where == nil {
		line += " nil"
	}
	keys := make([]string, 0, len(where))
	for k := range where {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		line += fmt.Sprintf(" %s=%T(%v)", k, where[k], where[k])
	}
	f, err := os.OpenFile(os.Getenv("CLAUZ3_TEST_OUTBOX"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if _, err := f.WriteString(line + "\n"); err != nil {
		return nil, err
	}
	return []string{"t1"}, nil
}
`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := []byte(`from tools.tickets.trusted.effects import query_tickets


def main() -> None:
    print(query_tickets("open", {"status": "open", "limit": 3, "urgent": True, "owner": None, "ratio": 0.5, "neg": -2}))
    print(query_tickets("all"))
    print(query_tickets("none", None))
    print(query_tickets("empty", {}))
`)
	path := filepath.Join(root, "plan.py")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile(path, src, compiler.Config{ImportRoots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	svc := approvaltest.New(t)
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	receiptFile := svc.ReceiptFile(res.PlanDigest, res.PlanHash, "main")
	outbox := filepath.Join(work, "outbox")
	trace := filepath.Join(work, "trace")
	code, stdout, stderr := runBinary(t, res.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", receiptFile, "--service", svc.URL(), "--trace", trace)
	if code != 0 || stderr != "" || stdout != "['t1']\n['t1']\n['t1']\n['t1']\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, err := os.ReadFile(outbox)
	if err != nil {
		t.Fatal(err)
	}
	want := "open: limit=int64(3) neg=int64(-2) owner=<nil>(<nil>) ratio=float64(0.5) status=string(open) urgent=bool(true)\nall: nil\nnone: nil\nempty:\n"
	if string(got) != want {
		t.Errorf("the layer got\n%s\nwant\n%s", got, want)
	}
	tr, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	wantTrace := `{"effect":"query_tickets","args":{"table":"open","where":{"status":"open","limit":3,"urgent":true,"owner":null,"ratio":0.5,"neg":-2}}}
{"effect":"query_tickets","args":{"table":"all","where":null}}
{"effect":"query_tickets","args":{"table":"none","where":null}}
{"effect":"query_tickets","args":{"table":"empty","where":{}}}
`
	if string(tr) != wantTrace {
		t.Errorf("trace\n%s\nwant\n%s", tr, wantTrace)
	}
}
