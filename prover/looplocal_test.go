package prover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
)

// loopLocalLayer writes a db layer whose users() returns at most n rows
// whose emails hold an "@", and members() at most n rows about whose
// emails nothing is known, and an email layer whose send_email requires
// an "@" and whose tally requires a positive count.
func loopLocalLayer(t *testing.T, n int) string {
	dir := t.TempDir()
	files := map[string]string{
		"tools/db/trusted/schemas.py": "import clauz3\n\n\nclass UserRow(clauz3.Row):\n    email: str\n",
		"tools/db/trusted/effects.py": fmt.Sprintf(`import clauz3

from tools.db.trusted.schemas import UserRow


@clauz3.ensures(lambda result: len(result) <= %[1]d)
@clauz3.ensures(lambda result: all("@" in r.email for r in result))
@clauz3.trusted
def users() -> list[UserRow]: ...


@clauz3.ensures(lambda result: len(result) <= %[1]d)
@clauz3.trusted
def members() -> list[UserRow]: ...
`, n),
		"tools/email/trusted/effects.py": `import clauz3


@clauz3.requires(lambda addr, msg: "@" in addr)
@clauz3.trusted
def send_email(addr: str, msg: str) -> None: ...


@clauz3.requires(lambda k: k > 0)
@clauz3.trusted
def tally(k: int) -> None: ...
`,
	}
	for _, d := range []string{"tools", "tools/db", "tools/db/trusted", "tools/email", "tools/email/trusted"} {
		files[d+"/__init__.py"] = ""
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestLoopPreconditionsLocalFirst: a precondition inside a loop is ruled
// out on each iteration alone (localChecks) before anything is checked
// on the full encoding, so a clause every row keeps costs one small
// check per row and no joint check of the rows' string violations
// (which Z3 4.8.12 does not decide within its share at 1000 rows). A
// clause the iteration alone cannot rule out (it reads a counter the
// loop keeps) is still proved on the full encoding, and a violated one
// still fails with its counterexample.
func TestLoopPreconditionsLocalFirst(t *testing.T) {
	const rows = 40
	root := loopLocalLayer(t, rows)
	head := "import clauz3\nfrom tools.db.trusted.effects import users, members\nfrom tools.email.trusted.effects import send_email, tally\n\n\ndef main() -> None:\n"
	for _, tc := range []struct {
		name      string
		body      string
		proved    bool
		counterex string // in the failed obligation's report
		maxChecks int    // 0: no bound
		// local: the iterations alone rule out every violation, so
		// the proof never takes in the full encoding (Cost.Full).
		local bool
	}{
		{"every row keeps it", "    for row in users():\n        send_email(row.email, \"hi\")\n", true, "", rows, true},
		{"computed from the row", "    for row in users():\n        send_email(row.email + \".evil.com\", \"hi\")\n", true, "", rows, true},
		{"guarded", "    for row in users():\n        if row.email != \"a@b\":\n            send_email(row.email, \"hi\")\n", true, "", rows, true},
		{"reads a counter", "    k = 1\n    for row in users():\n        tally(k)\n        k = k + 1\n", true, "", 0, false},
		{"counter broken", "    k = 1\n    for row in users():\n        k = k - 1\n        tally(k)\n", false, "k = 0", 0, false},
		{"row unknown", "    for row in members():\n        send_email(row.email, \"hi\")\n", false, "addr = ", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile(filepath.Join(root, "plan.py"), []byte(head+tc.body), compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := Prove(context.Background(), prog, Options{})
			if err != nil {
				t.Fatal(err)
			}
			out := report(res)
			switch {
			case tc.proved && !res.Proved():
				t.Fatalf("not proved:\n%s", out)
			case !tc.proved && (res.Obligations[0].Status != Failed || !strings.Contains(out, tc.counterex)):
				t.Fatalf("not failed with a counterexample showing %q:\n%s", tc.counterex, out)
			case tc.maxChecks > 0 && res.Cost.Checks > tc.maxChecks:
				t.Fatalf("%d checks for %d rows, want at most one per row:\n%s", res.Cost.Checks, rows, out)
			case tc.local && res.Cost.Full > 0:
				t.Fatalf("the full encoding was used %d times, want none:\n%s", res.Cost.Full, out)
			}
		})
	}
}
