package prover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
)

// distinctLayer writes a db layer whose queries return at most n rows,
// UserRow with a __unique__ email and MemberRow without, and an email
// layer with unique_recipients.
func distinctLayer(t *testing.T, n int) string {
	dir := t.TempDir()
	files := map[string]string{
		"tools/db/trusted/schemas.py": `import clauz3


class UserRow(clauz3.Row):
    __unique__ = ("email",)
    email: str
    name: str


class MemberRow(clauz3.Row):
    email: str
`,
		"tools/db/trusted/effects.py": fmt.Sprintf(`import clauz3

from tools.db.trusted.schemas import UserRow, MemberRow


@clauz3.ensures(lambda result: len(result) <= %[1]d)
@clauz3.trusted
def users() -> list[UserRow]: ...


@clauz3.ensures(lambda result: len(result) <= %[1]d)
@clauz3.trusted
def members() -> list[MemberRow]: ...
`, n),
		"tools/email/trusted/effects.py": `import clauz3


@clauz3.trusted
def send_email(addr: str, msg: str) -> None: ...
`,
		"tools/email/trusted/contracts.py": `from clauz3.spec import ContractSpec, contract, effect

Email = effect("send_email")


@contract
def unique_recipients() -> ContractSpec:
    return Email.distinct(lambda e: e.addr)
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

// TestDistinctUniqueColumnLinear checks unique recipients over a query's
// rows. Keys that are a __unique__ column of distinct rows are proved by
// the column's injection, one check for all rows (injectiveKeys), where
// the pairs (780 at 40 rows) took a check each once their joint check ran
// out of its limit; keys of any other shape keep their pairwise verdict.
func TestDistinctUniqueColumnLinear(t *testing.T) {
	const rows = 40
	root := distinctLayer(t, rows)
	head := "import clauz3\nfrom tools.db.trusted.effects import users, members\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.unique_recipients())\ndef main() -> None:\n"
	for _, tc := range []struct {
		name      string
		body      string
		proved    bool
		maxChecks int // 0: no bound
	}{
		{"unique column", "    for row in users():\n        send_email(row.email, \"hi\")\n", true, 20},
		{"unique column, guarded", "    for row in users():\n        if row.name != \"\":\n            send_email(row.email, \"hi\")\n", true, 20},
		{"not declared unique", "    for row in members():\n        send_email(row.email, \"hi\")\n", false, 0},
		{"twice per row", "    for row in users():\n        send_email(row.email, \"hi\")\n        send_email(row.email, \"again\")\n", false, 0},
		{"other column", "    for row in users():\n        send_email(row.name, \"hi\")\n", false, 0},
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
			g := res.Obligations[len(res.Obligations)-1]
			switch {
			case tc.proved && g.Status != Proved:
				t.Fatalf("not proved:\n%s", report(res))
			case !tc.proved && (g.Status != Failed || g.Counterexample == nil):
				t.Fatalf("not failed with a counterexample:\n%s", report(res))
			case tc.maxChecks > 0 && res.Cost.Checks > tc.maxChecks:
				t.Fatalf("%d checks, want at most %d", res.Cost.Checks, tc.maxChecks)
			}
		})
	}
}

// TestDistinctLongLoopShortResultsFirst: unique recipients over 1000
// members whose email is not declared unique fail with a counterexample
// of two rows and the missing-uniqueness hint, found on the runs over at
// most prefixCap rows (decidePrefix) before the half a million pairs of
// the full encoding are built (1.1 GB, and refused on the wall clock,
// before). Provenance violated after the same loop likewise fails with
// its counterexample. The deadline bounds what a regression costs here.
func TestDistinctLongLoopShortResultsFirst(t *testing.T) {
	const rows = 1000
	root := distinctLayer(t, rows)
	head := "import clauz3\nfrom tools.db.trusted.effects import users, members\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.unique_recipients())\ndef main() -> None:\n"
	for _, tc := range []struct{ name, body, want string }{
		{"not declared unique", "    for row in members():\n        send_email(row.email, \"hi\")\n", `add __unique__ = ("email",) to MemberRow`},
		{"twice per row", "    for row in users():\n        send_email(row.email, \"hi\")\n        send_email(row.email, \"again\")\n", "counterexample:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile(filepath.Join(root, "plan.py"), []byte(head+tc.body), compiler.Config{ImportRoots: []string{root}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := Prove(context.Background(), prog, Options{Deadline: 60 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			g := res.Obligations[len(res.Obligations)-1]
			if out := report(res); g.Status != Failed || g.Counterexample == nil || !strings.Contains(out, tc.want) {
				t.Fatalf("not failed with a counterexample saying %q:\n%.3000s", tc.want, out)
			}
		})
	}
}
