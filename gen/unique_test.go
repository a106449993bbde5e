package gen

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
)

// dupLayer writes a project whose layer tools.dup.trusted declares
// list_users() -> list[UserRow] with __unique__ = ("id", "email"), and
// whose Go side returns two rows sharing id 7; notify(addr) appends to
// the file CLAUZ3_TEST_OUTBOX names. It returns the compiled plan.
func dupLayer(t *testing.T) (*ir.Program, []byte) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "dup", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"__init__.py": "",
		"schemas.py":  "import clauz3\n\n\nclass UserRow(clauz3.Row):\n    __unique__ = (\"id\", \"email\")\n    id: int\n    email: str\n",
		"effects.py": "import clauz3\nfrom tools.dup.trusted.schemas import UserRow\n\n\n" +
			"@clauz3.ensures(lambda result: len(result) <= 5)\n@clauz3.trusted\ndef list_users() -> list[UserRow]: ...\n\n\n" +
			"@clauz3.trusted\ndef notify(addr: str) -> None: ...\n",
		"dup.go": `package dup

import "os"

type UserRow struct {
	Id    int64
	Email string
}

// ListUsers breaks the schema's __unique__: two rows share id 7.
func ListUsers() ([]UserRow, error) {
	return []UserRow{{7, "ann@example.com"}, {8, "bob@example.com"}, {7, "cat@example.com"}}, nil
}

func Notify(addr string) error {
	f, err := os.OpenFile(os.Getenv("CLAUZ3_TEST_OUTBOX"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(addr + "\n")
	return err
}
`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := []byte("from tools.dup.trusted.effects import list_users, notify\n\n\ndef main() -> None:\n    for u in list_users():\n        print(u.id)\n        notify(u.email)\n")
	path := filepath.Join(root, "plan.py")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := compiler.Compile(path, src, compiler.Config{ImportRoots: []string{root}})
	if err != nil {
		t.Fatal(err)
	}
	return prog, src
}

const dupRefusal = "ContractError: postcondition of list_users failed: __unique__ of UserRow: result[0] and result[2] share id == 7\n"

// TestUniqueCheckedInRealBinary: the prover assumes a row schema's
// __unique__, so a sealed binary whose layer returns two rows sharing a
// unique column must refuse the result before the plan sees it.
func TestUniqueCheckedInRealBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	prog, src := dupLayer(t)
	svc := approvaltest.New(t)
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Real, CacheDir: sharedCache, ApprovalKey: svc.PublicKey()})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	receiptFile := svc.ReceiptFile(res.PlanDigest, res.PlanHash, "main")
	outbox := filepath.Join(dir, "outbox")
	code, stdout, stderr := runBinary(t, res.Binary, []string{"CLAUZ3_TEST_OUTBOX=" + outbox}, "--receipt", receiptFile, "--service", svc.URL())
	if code != 1 || stderr != dupRefusal {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, stderr, dupRefusal)
	}
	if stdout != "" {
		t.Errorf("the plan saw the refused result: stdout %q", stdout)
	}
	if _, err := os.Stat(outbox); err == nil {
		t.Error("notify ran after a result that breaks __unique__")
	}
}

// TestUniqueCheckedInSimulation: the same check on simulated results,
// for each unique column.
func TestUniqueCheckedInSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	prog, src := dupLayer(t)
	res, err := Build(context.Background(), prog, src, BuildOptions{Mode: Simulate, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct{ results, code, stdout, stderr string }{
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 2, "email": "b@x"}]]}`, "0", "1\n2\n", ""},
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 1, "email": "b@x"}]]}`, "1", "", "ContractError: postcondition of list_users failed: __unique__ of UserRow: result[0] and result[1] share id == 1\n"},
		{`{"list_users": [[{"id": 1, "email": "a@x"}, {"id": 2, "email": "b@x"}, {"id": 3, "email": "a@x"}]]}`, "1", "", "ContractError: postcondition of list_users failed: __unique__ of UserRow: result[0] and result[2] share email == 'a@x'\n"},
	} {
		effects := filepath.Join(dir, "effects.json")
		if err := os.WriteFile(effects, []byte(c.results), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runBinary(t, res.Binary, nil, "--effects", effects, "--trace", filepath.Join(dir, "trace"))
		if got := strings.TrimSpace(string(rune('0' + code))); got != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %s, %q, %q", c.results, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
}
