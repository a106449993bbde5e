package prover

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// TestOptionalAssignedInLoop: a T | None local first holding None and
// assigned a T inside a loop (the flat definition of a loop-carried value
// is for two terms; None is none) is proved or refused with a located
// reason, never a panic.
func TestOptionalAssignedInLoop(t *testing.T) {
	for _, tc := range []struct{ name, decl string }{
		{"annotated", "    last: int | None = None\n"},
		{"partial None", "    last = None\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n" +
				"@clauz3.guarantee(emails.only([\"a@example.com\"]))\ndef main(n: int) -> None:\n" + tc.decl +
				"    for i in range(3):\n        last = i * n\n    if last is not None:\n        send_email(\"a@example.com\", str(last))\n"
			prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := Prove(context.Background(), prog, Options{})
			if err != nil {
				if ds := ir.Diagnostics(err); len(ds) == 0 || ds[0].Pos.Line == 0 {
					t.Fatalf("refused without a location: %v", err)
				}
				t.Logf("refused: %v", err)
				return
			}
			if !res.Proved() {
				t.Errorf("not proved:\n%s", report(res))
			}
		})
	}
}
