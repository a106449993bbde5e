package harness

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestGenerateResults: the generated document is the same for the same
// seed, every result of the db layer's effects passes their
// postconditions and __unique__ (db_query: at most 10 UserRows with
// distinct id and email; get_user: an address; owner_email: an
// @example.com address), most lists are not empty, and the interpreter's
// simulation host accepts it.
func TestGenerateResults(t *testing.T) {
	c, err := LoadCase(filepath.Join("..", "plans", "db_loop_count_pass.py"), "..")
	if err != nil {
		t.Fatal(err)
	}
	prog, _, err := Compile(c)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := GenerateResults(prog, 1)
	if err != nil {
		t.Fatal(err)
	}
	again, err := GenerateResults(prog, 1)
	if err != nil || !bytes.Equal(doc, again) {
		t.Fatalf("not deterministic: %v", err)
	}
	var results map[string][]json.RawMessage
	if err := json.Unmarshal(doc, &results); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
	for _, e := range prog.Effects {
		if ir.IsBasic(e.Result, ir.KindNone) {
			if _, ok := results[e.Name]; ok {
				t.Errorf("%s returns None but got results", e.Name)
			}
			continue
		}
		if len(results[e.Name]) != GeneratedResultsPerEffect {
			t.Errorf("%s: %d results", e.Name, len(results[e.Name]))
		}
	}
	nonEmpty := 0
	for _, raw := range results["db_query"] {
		var rows []map[string]any
		if err := json.Unmarshal(raw, &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) > 10 {
			t.Errorf("db_query result of %d rows breaks len(result) <= 10", len(rows))
		}
		if len(rows) > 0 {
			nonEmpty++
		}
		ids, emails := map[any]bool{}, map[any]bool{}
		for _, r := range rows {
			if ids[r["id"]] || emails[r["email"]] {
				t.Errorf("db_query result breaks __unique__: %s", raw)
			}
			ids[r["id"]], emails[r["email"]] = true, true
		}
	}
	if nonEmpty < GeneratedResultsPerEffect/2 {
		t.Errorf("only %d of %d db_query results have rows", nonEmpty, GeneratedResultsPerEffect)
	}
	for _, raw := range results["owner_email"] {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || len(s) < len("@example.com") || s[len(s)-len("@example.com"):] != "@example.com" {
			t.Errorf("owner_email result %s breaks its postcondition", raw)
		}
	}
	c.Effects = doc
	out, err := RunProgram(context.Background(), c, prog)
	if err != nil || out.Exit != 0 || out.NoResult != nil || len(out.Trace) < 2 {
		t.Errorf("run on generated results: %+v, %v", out, err)
	}
}
