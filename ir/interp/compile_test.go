package interp

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// A plan lowered by the front end (against the corpus layers) and run
// with the simulation host. The wants are the traces CPython 3.11 gives
// for the same plan with the effects stubbed to record their calls.
const feePlan = `import clauz3
from tools.email.trusted.effects import send_email
from tools.bank.trusted.effects import withdraw


def fee(amount: int, premium: bool) -> int:
    if premium:
        return 0
    elif amount > 100:
        return amount // 100 + amount % 7
    else:
        return -amount // 3


def main(n: int) -> None:
    total = 0
    for acct in ["checking", "savings"]:
        for k in range(1, 4):
            total += k * n - fee(k * 60, acct == "savings")
            withdraw(acct, total)
    label = "big" if total > 50 else "small"
    who = "bob@example.com"
    send_email(who, f"{label}: {total} ({total / 7:.3f}) {who!r} {len(who)} {n ** 2} {-7 // 2} {str(n) + 'x'}")
    if n in [1, 2, 3] and not total < 0:
        send_email("ann@example.com", f"{'é' * 2}{n:>4}|{total:,}|{n * 1.5}")
`

func compilePlan(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{"../../corpus"}})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return p
}

func TestCompiledPlan(t *testing.T) {
	p := compilePlan(t, feePlan)
	for _, c := range []struct {
		n     int64
		trace string
		err   string
	}{
		{1, `{"effect":"withdraw","args":{"account":"checking","amount":21}}
{"effect":"withdraw","args":{"account":"checking","amount":21}}
{"effect":"withdraw","args":{"account":"checking","amount":18}}
{"effect":"withdraw","args":{"account":"savings","amount":19}}
{"effect":"withdraw","args":{"account":"savings","amount":21}}
{"effect":"withdraw","args":{"account":"savings","amount":24}}
{"effect":"send_email","args":{"addr":"bob@example.com","msg":"small: 24 (3.429) 'bob@example.com' 15 1 -4 1x"}}
{"effect":"send_email","args":{"addr":"ann@example.com","msg":"éé   1|24|1.5"}}
`, ""},
		{7, `{"effect":"withdraw","args":{"account":"checking","amount":27}}
{"effect":"withdraw","args":{"account":"checking","amount":39}}
{"effect":"withdraw","args":{"account":"checking","amount":54}}
{"effect":"withdraw","args":{"account":"savings","amount":61}}
{"effect":"withdraw","args":{"account":"savings","amount":75}}
{"effect":"withdraw","args":{"account":"savings","amount":96}}
{"effect":"send_email","args":{"addr":"bob@example.com","msg":"big: 96 (13.714) 'bob@example.com' 15 49 -4 7x"}}
`, ""},
		{-20, "", "ContractError: precondition of withdraw failed: lambda account, amount: amount > 0"},
	} {
		var trace bytes.Buffer
		h, err := NewSimHost(nil, &trace)
		if err != nil {
			t.Fatal(err)
		}
		err = Run(context.Background(), p, Options{Host: h, Args: []Value{c.n}})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err || trace.String() != c.trace {
			t.Errorf("n=%d: err %q, trace:\n%s\nCPython: %q, trace:\n%s", c.n, got, trace.String(), c.err, c.trace)
		}
		var ce *ContractError
		if c.err != "" && (!errors.As(err, &ce) || ce.Pos.Line != 20) {
			t.Errorf("n=%d: want a ContractError at line 20, got %#v", c.n, err)
		}
	}
}

// TestCorpusPlansRun runs every corpus plan the front end accepts today
// with a few inputs: none may panic or fail inside the interpreter.
func TestCorpusPlansRun(t *testing.T) {
	for _, name := range []string{"bank_loop_withdrawals_pass", "email_branch_pass", "email_fstring_length_pass", "chained_compare_pass", "email_boolean_logic_pass", "email_elif_pass"} {
		src := readCorpus(t, name)
		if src == "" {
			continue
		}
		p, err := compiler.Compile(name+".py", []byte(src), compiler.Config{ImportRoots: []string{"../../corpus"}})
		if err != nil {
			t.Logf("%s: not accepted by the front end yet: %v", name, err)
			continue
		}
		for _, n := range []int64{-1, 0, 1, 5, 100} {
			args := make([]Value, len(p.Target.Params))
			ok := true
			for i, prm := range p.Target.Params {
				switch {
				case ir.IsBasic(prm.Type, ir.KindInt):
					args[i] = n
				case ir.IsBasic(prm.Type, ir.KindStr):
					args[i] = strings.Repeat("a", int(max(n, 0))) + "@example.com"
				case ir.IsBasic(prm.Type, ir.KindBool):
					args[i] = n > 0
				default:
					ok = false
				}
			}
			if !ok {
				break
			}
			h, _ := NewSimHost(nil, nil)
			err := Run(context.Background(), p, Options{Host: h, Args: args})
			var exc *Exception
			var ce *ContractError
			if err != nil && !errors.As(err, &exc) && !errors.As(err, &ce) {
				t.Errorf("%s(%v): %v", name, args, err)
			}
		}
	}
}

func readCorpus(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("../../corpus/plans", name+".py"))
	if err != nil {
		t.Logf("%s: %v", name, err)
		return ""
	}
	return string(b)
}
