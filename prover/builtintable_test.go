package prover

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// TestBuiltinTableProver checks that the prover implements exactly the
// subset of ir.BuiltinTable its rows declare: each row's example (a call
// on constants) runs before a guaranteed effect call, and the plan must be
// proved when the row says the prover encodes or folds the builtin, and
// refused with exactly the row's ProverRefusal when it says the prover
// refuses it.
func TestBuiltinTableProver(t *testing.T) {
	for _, r := range ir.BuiltinTable() {
		t.Run(r.Name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n")
			b.WriteString("def example() -> None:\n")
			for _, line := range strings.Split(r.Example, "\n") {
				b.WriteString("    " + line + "\n")
			}
			b.WriteString("\n\n@clauz3.guarantee(emails.only([\"a@example.com\"]))\ndef main() -> None:\n    example()\n    send_email(\"a@example.com\", \"hi\")\n")
			src := b.String()
			prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
			if err != nil {
				t.Fatalf("compile: %v\n%s", err, src)
			}
			// A construct the prover cannot encode ends the proof with an
			// error; that is its refusal.
			proved, text := false, ""
			res, err := Prove(context.Background(), prog, Options{})
			if err != nil {
				text = err.Error()
			} else {
				proved, text = res.Proved(), report(res)
			}
			switch r.Prover {
			case ir.ProverEncodes, ir.ProverFolds:
				if !proved {
					t.Errorf("the table says the prover decides %s on constants, but:\n%s\n%s", r.Name, text, src)
				}
			case ir.ProverRefuses:
				// The example may be refused before the call, at a value
				// it needs (a set display): the reason is then the row's.
				want := r.ProverRefusal()
				if !strings.Contains(text, "the prover cannot decide "+r.Name+" yet") {
					want = r.ProverWhy
				}
				if proved || !strings.Contains(text, want) {
					t.Errorf("the table says the prover refuses %s with %q, but:\n%s", r.Name, r.ProverRefusal(), text)
				}
			default:
				t.Errorf("%s: unknown prover support %d", r.Name, r.Prover)
			}
		})
	}
}
