package interp

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// conditionsPlan has the plan's own conditions on the target and on
// helpers (compiled by the front end).
const conditionsPlan = `import clauz3
import deal


@deal.pre(lambda n: n >= 0, message="natural numbers only")
def double(n: int) -> int:
    print("double", n)
    return 2 * n


@clauz3.ensures(lambda result: len(result) > 2)
def label(n: int) -> str:
    if n > 10:
        return "big"
    return "s"


@clauz3.requires(lambda k: k < 100)
def main(k: int) -> None:
    print("start")
    print(label(double(k)))
    print(double(k - 7))
`

// TestPlanConditions checks that the interpreter checks the plan's own
// conditions: the target's precondition before its first statement, a
// helper's precondition before its body, its postcondition on the value
// it returns; each failure is a *PlanContractError at the call, naming
// the clause and where it is written.
func TestPlanConditions(t *testing.T) {
	p := compilePlan(t, conditionsPlan)
	for _, c := range []struct {
		name       string
		k          int64
		stdout     string
		err        string // "" when the run returns
		kind, fn   string
		line, at   int // the call's line, the decorator's line
		hasMessage bool
	}{
		{"every condition holds", 8, "start\ndouble 8\nbig\ndouble 1\n2\n", "", "", "", 0, 0, false},
		{"target precondition", 100, "", "ContractError: precondition of main failed: lambda k: k < 100", "precondition", "main", 19, 18, false},
		{"helper postcondition", 3, "start\ndouble 3\n", "ContractError: postcondition of label failed: lambda result: len(result) > 2", "postcondition", "label", 21, 11, false},
		{"helper precondition", -1, "start\n", "ContractError: precondition of double failed: lambda n: n >= 0", "precondition", "double", 21, 5, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			// No host: a run that reached an effect would fail otherwise.
			err := Run(context.Background(), p, Options{Stdout: &out, Args: []Value{c.k}})
			if got := out.String(); got != c.stdout {
				t.Errorf("stdout %q, want %q", got, c.stdout)
			}
			if c.err == "" {
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				return
			}
			var pce *PlanContractError
			if !errors.As(err, &pce) {
				t.Fatalf("run ended with %v (%T), want a *PlanContractError", err, err)
			}
			// The kind is the type and its fields; the text is what CPython
			// prints for the same failure, so its wording is under test.
			if pce.Error() != c.err || pce.Kind != c.kind || pce.Func != c.fn || pce.Pos.Line != c.line || pce.At.Line != c.at || (pce.Message != "") != c.hasMessage {
				t.Errorf("got %q %+v, want %q kind %s func %s at call line %d, decorator line %d", pce.Error(), *pce, c.err, c.kind, c.fn, c.line, c.at)
			}
		})
	}
}
