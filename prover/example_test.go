package prover_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/interp"
	"github.com/clauz3/clauz3/prover"
)

// oddEffects is a test-only layer whose results no value can satisfy or
// the prover cannot model, beside the corpus layers.
const oddEffects = `import clauz3


@clauz3.ensures(lambda result: result > 3)
@clauz3.ensures(lambda result: result < 2)
@clauz3.trusted
def impossible() -> int: ...


@clauz3.trusted
def ratio() -> float: ...


@clauz3.ensures(lambda result: len(result) >= 5)
@clauz3.trusted
def many() -> list[int]: ...


@clauz3.ensures(lambda result: "x" in result)
@clauz3.trusted
def has_x() -> list[str]: ...
`

const examplePlan = `from tools.db.trusted.effects import count_users, owner_email, get_user, admin_emails, db_query, list_orders
from tools.odd.trusted.effects import impossible, ratio, many, has_x


def main() -> None:
    count_users()
    owner_email()
    get_user(1)
    admin_emails()
    db_query("users")
    list_orders("ann")
    impossible()
    ratio()
    many()
    has_x()
`

func exampleProgram(t *testing.T) *ir.Program {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "odd", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"__init__.py": "", "effects.py": oddEffects} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := compiler.Compile("plan.py", []byte(examplePlan), compiler.Config{ImportRoots: []string{"../corpus", root}})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return p
}

// TestExampleResult finds results satisfying each effect's
// postconditions (and its row schema's uniqueness), in the simulate
// results form, and refuses an effect with no such result or a type it
// cannot model, with the reason.
func TestExampleResult(t *testing.T) {
	p := exampleProgram(t)
	effects := map[string]*ir.Effect{}
	for _, e := range p.Effects {
		effects[e.Name] = e
	}
	for _, tc := range []struct {
		effect string
		check  func(t *testing.T, v any)
		err    string
		code   ir.Code // of the refusal
	}{
		{effect: "count_users", check: func(t *testing.T, v any) {
			if n, err := v.(json.Number).Int64(); err != nil || n < 0 {
				t.Errorf("count_users = %v, want an int >= 0", v)
			}
		}},
		{effect: "owner_email", check: func(t *testing.T, v any) {
			if s, _ := v.(string); !strings.HasSuffix(s, "@example.com") {
				t.Errorf("owner_email = %#v, want a string ending in @example.com", v)
			}
		}},
		{effect: "get_user", check: func(t *testing.T, v any) {
			row, _ := v.(map[string]any)
			if s, _ := row["email"].(string); !strings.Contains(s, "@") || len(row) != 5 {
				t.Errorf("get_user = %#v, want a UserRow with every field and an email with @", v)
			}
		}},
		{effect: "admin_emails", check: func(t *testing.T, v any) {
			if l, _ := v.([]any); len(l) != 3 {
				t.Errorf("admin_emails = %#v, want 3 strings (full to the bound of 3)", v)
			}
		}},
		{effect: "db_query", check: func(t *testing.T, v any) {
			rows, _ := v.([]any)
			if len(rows) != prover.ExampleElems {
				t.Fatalf("db_query = %#v, want %d rows", v, prover.ExampleElems)
			}
			ids, emails := map[string]bool{}, map[string]bool{}
			for _, r := range rows {
				row := r.(map[string]any)
				ids[row["id"].(json.Number).String()] = true
				emails[row["email"].(string)] = true
			}
			if len(ids) != len(rows) || len(emails) != len(rows) {
				t.Errorf("db_query = %#v: UserRow declares id and email unique", v)
			}
		}},
		{effect: "list_orders", check: func(t *testing.T, v any) {
			if l, _ := v.([]any); len(l) != prover.ExampleElems {
				t.Errorf("list_orders = %#v, want %d rows", v, prover.ExampleElems)
			}
		}},
		{effect: "many", check: func(t *testing.T, v any) {
			if l, _ := v.([]any); len(l) < 5 {
				t.Errorf("many = %#v, want at least 5 elements", v)
			}
		}},
		{effect: "has_x", check: func(t *testing.T, v any) {
			l, _ := v.([]any)
			found := false
			for _, s := range l {
				found = found || s == "x"
			}
			if !found {
				t.Errorf("has_x = %#v, want a list holding \"x\"", v)
			}
		}},
		{effect: "impossible", err: "no result of impossible satisfies its postconditions", code: ir.LayerError},
		{effect: "ratio", err: "generating a result of ratio of type float is not supported", code: ir.ProverLimit},
	} {
		t.Run(tc.effect, func(t *testing.T) {
			e := effects[tc.effect]
			if e == nil {
				t.Fatalf("no effect %s in the program", tc.effect)
			}
			raw, err := prover.ExampleResult(context.Background(), e, prover.Options{})
			if tc.err != "" {
				diagtest.Want(t, err, tc.code, tc.err)
				if ds := ir.Diagnostics(err); len(ds) == 0 || filepath.Base(ds[0].Pos.File) != "effects.py" {
					t.Fatalf("ExampleResult = %s, %v; want a refusal at the effect in effects.py", raw, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ExampleResult: %v", err)
			}
			// It fits the effect's type as the simulation host reads it.
			if _, err := interp.ParseValue(raw, e.Result); err != nil {
				t.Fatalf("ExampleResult = %s does not fit %s: %v", raw, e.Result, err)
			}
			dec := json.NewDecoder(strings.NewReader(string(raw)))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			tc.check(t, v)
			again, err := prover.ExampleResult(context.Background(), e, prover.Options{})
			if err != nil || string(again) != string(raw) {
				t.Errorf("a second search gave %s, %v; want the same %s", again, err, raw)
			}
		})
	}
}
