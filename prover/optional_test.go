package prover

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestOptionalLocals checks that the prover decides plans whose T | None
// locals (int, str, bool) are None on some paths and a T on others: the
// value is a tag (is it a T?) and a payload, compared, tested, printed
// and narrowed as CPython does. Each guarantee has a passing and a failing
// variant, so that a wrong encoding of None cannot pass both.
func TestOptionalLocals(t *testing.T) {
	const head = "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"a@example.com\"]))\ndef main(n: int) -> None:\n"
	for _, tc := range []struct {
		name, body string
		proved     bool
		want       string // in the report (a counterexample's input), or ""
	}{
		{"checked", "    addr: str | None = None\n    if n > 3:\n        addr = \"a@example.com\"\n    if addr is not None:\n        send_email(addr, \"hi\")\n", true, ""},
		{"checked, wrong address", "    addr: str | None = None\n    if n > 3:\n        addr = \"b@example.com\"\n    if addr is not None:\n        send_email(addr, \"hi\")\n", false, "n = "},
		{"None sends to b", "    addr: str | None = None\n    if n > 3:\n        addr = \"a@example.com\"\n    if addr is None:\n        send_email(\"b@example.com\", \"hi\")\n", false, "n = "},
		{"None never sends to b", "    addr: str | None = None\n    if n > 3:\n        addr = \"a@example.com\"\n    if addr is None and n > 3:\n        send_email(\"b@example.com\", \"hi\")\n", true, ""},
		{"best in a loop", "    best = None\n    for r in [3, n, 4]:\n        if best is None or r > best:\n            best = r\n    if best is not None and best > 10:\n        send_email(\"b@example.com\", str(best))\n", false, "n = "},
		{"best in a loop is at least 4", "    best = None\n    for r in [3, n, 4]:\n        if best is None or r > best:\n            best = r\n    if best is not None and best < 4:\n        send_email(\"b@example.com\", str(best))\n", true, ""},
		{"str of an optional", "    x: int | None = None\n    if n > 0:\n        x = n\n    if str(x) == \"None\" and n > 0:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"str of an optional is None", "    x: int | None = None\n    if n > 0:\n        x = n\n    if f\"{x}\" == \"None\":\n        send_email(\"b@example.com\", \"x\")\n", false, "n = "},
		{"equality with a T", "    x: int | None = None\n    if n > 0:\n        x = n\n    if x == 0:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"equality with None", "    x: int | None = None\n    if n > 0:\n        x = n\n    if x != None and n <= 0:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"truth", "    x: int | None = None\n    if n > 0:\n        x = n - 1\n    if x:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = "},
		{"truth of a zero", "    x: int | None = None\n    if n > 0:\n        x = 0\n    if x:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"narrowed by assignment", "    x: int | None = None\n    x = n\n    if x + 1 == 5:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = 4"},
		{"two optionals equal", "    x: int | None = None\n    y: int | None = None\n    if n > 0:\n        x = n\n    if n > 1:\n        y = n\n    if x == y and n == 1:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"a helper returns the largest or None", "    m = largest([3, n])\n    e = largest([])\n    if m is not None and m > 5 and e is None:\n        send_email(\"b@example.com\", str(m))\n\n\ndef largest(rows: list[int]) -> int | None:\n    best = None\n    for r in rows:\n        if best is None or r > best:\n            best = r\n    return best\n", false, "n = "},
		{"a helper returns the largest or None, never below 3", "    m = largest([3, n])\n    if m is None or m < 3:\n        send_email(\"b@example.com\", \"x\")\n\n\ndef largest(rows: list[int]) -> int | None:\n    best = None\n    for r in rows:\n        if best is None or r > best:\n            best = r\n    return best\n", true, ""},
		{"dict.get with a symbolic key", "    d = {1: 10, 2: 20}\n    v = d.get(n)\n    if v is not None and v != n * 10:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"dict.get finds the key", "    d = {1: 10, 2: 20}\n    v = d.get(n)\n    if v is not None and v > 10:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = 2"},
		{"dict.get with a default", "    d = {1: 10, 2: 20}\n    if d.get(n, 7) == 7 and n == 1:\n        send_email(\"b@example.com\", \"x\")\n", true, ""},
		{"truthiness narrows", "    x: int | None = None\n    if n > 0:\n        x = n\n    if x:\n        send_email(\"a@example.com\", str(x + 1))\n", true, ""},
		{"after an assert", "    x: int | None = None\n    if n > 0:\n        x = n\n    assert x is not None\n    if x + 1 == 3:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = 2"},
		{"conditional arm narrows", "    x: int | None = None\n    if n > 0:\n        x = n\n    if (x + 1 if x is not None else 0) == 5:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = 4"},
		{"two optionals equal when both None", "    x: int | None = None\n    y: int | None = None\n    if n > 0:\n        x = n\n    if n > 1:\n        y = n\n    if x == y:\n        send_email(\"b@example.com\", \"x\")\n", false, "n = "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile("plan.py", []byte(head+tc.body), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := Prove(context.Background(), prog, Options{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if res.Proved() != tc.proved || !strings.Contains(report(res), tc.want) {
				t.Errorf("proved=%v, want %v and %q in:\n%s", res.Proved(), tc.proved, tc.want, report(res))
			}
		})
	}
}

// TestOptionalRefusals: what the prover does not decide about T | None
// yet is refused at the construct, saying what and how to write it.
func TestOptionalRefusals(t *testing.T) {
	const head = "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"a@example.com\"]))\ndef main(n: int) -> None:\n"
	for _, tc := range []struct {
		name, body, want string
		code             ir.Code
	}{
		{"a list that is None on one path", "    xs: list[int] | None = None\n    if n > 0:\n        xs = [n]\n    if xs is not None:\n        send_email(\"a@example.com\", str(len(xs)))\n",
			"plan.py:10:9: the prover cannot decide a list[int] | None that is None on some paths only yet (it decides int, str and bool ones): keep the list and test it for emptiness", ir.Unsupported},
		{"dict.get of a list value", "    d = {1: [1]}\n    xs = d.get(n)\n    if xs is not None:\n        send_email(\"a@example.com\", str(len(xs)))\n",
			"plan.py:9:10: the prover cannot decide a list[int] | None that is None on some paths only yet", ir.Unsupported},
		{"repr of an optional str", "    s: str | None = None\n    if n > 0:\n        s = \"a\"\n    send_email(\"a@example.com\", repr(s))\n",
			"plan.py:11:33: repr of a computed string in a proof is not supported", ir.ProverLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile("plan.py", []byte(head+tc.body), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			_, err = Prove(context.Background(), prog, Options{})
			diagtest.Want(t, err, tc.code, tc.want)
		})
	}
}

// TestOptionalEffectResult: an effect returning str | None gives an
// unconstrained tag and payload; the prover decides plans that test it,
// and a counterexample's result (None or a str) replays.
func TestOptionalEffectResult(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ifNone bool   // send in the `is None` branch (else: the narrowed value)
		to     string // the address sent to in the None branch
		proved bool
		want   string
	}{
		{"the value is sent", false, "", false, "result: a = \""},
		{"None sends to bob", true, "bob@example.com", true, ""},
		{"None sends to eve", true, "eve@example.com", false, "result: a = None"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eff := sendEmail()
			lookup := &ir.Effect{Name: "lookup", Module: "tools.email.trusted.effects", Result: &ir.Optional{Elem: ir.Str}}
			a := &ir.Local{Name: "a", Type: &ir.Optional{Elem: ir.Str}}
			none := &ir.Const{Pos: pos(7), T: ir.None}
			cond := &ir.Compare{Pos: pos(7), Ops: []ir.CmpOp{ir.IsNot}, Operands: []ir.Expr{ref(a), none}}
			send := call(eff, 8, &ir.Unwrap{Pos: pos(8), X: ref(a)}, str("hi"))
			if tc.ifNone {
				cond = &ir.Compare{Pos: pos(7), Ops: []ir.CmpOp{ir.Is}, Operands: []ir.Expr{ref(a), none}}
				send = call(eff, 8, str(tc.to), str("hi"))
			}
			main := &ir.Func{Name: "main", Locals: []*ir.Local{a}, Result: ir.None, Body: []ir.Stmt{
				&ir.Assign{Pos: pos(6), Dest: a, Value: &ir.EffectCall{Pos: pos(6), Effect: lookup}},
				&ir.If{Pos: pos(7), Cond: cond, Then: []ir.Stmt{send}},
			}}
			p := program([]*ir.Effect{eff, lookup}, main, &ir.Guarantee{Source: "only(['bob@example.com'])", Contract: onlyContract(eff), Args: []ir.Expr{strList("bob@example.com")}})
			res := prove(t, p)
			if res.Proved() != tc.proved || !strings.Contains(report(res), tc.want) {
				t.Errorf("proved=%v, want %v and %q in:\n%s", res.Proved(), tc.proved, tc.want, report(res))
			}
		})
	}
}

// TestOptionalRowColumn: a str | None column of a query's rows is a tag
// and a payload per row; a plan that reads it, tests it and sends it is
// decided, and its counterexample (a nickname, or None) replays.
func TestOptionalRowColumn(t *testing.T) {
	const head = "import clauz3\nfrom tools.mail.trusted import contracts as mail\nfrom tools.mail.trusted.effects import send_email\nfrom tools.db.trusted.effects import db_query\n\n\n@clauz3.guarantee(mail.only([\"a@example.com\"]))\ndef main() -> None:\n    rows = db_query(\"users\")\n    if len(rows) > 0:\n        nick = rows[0].nickname\n"
	for _, tc := range []struct {
		name, body string
		proved     bool
		want       string
	}{
		{"a nickname bob sends to b", "        if nick is not None and nick == \"bob\":\n            send_email(\"b@example.com\", \"x\")\n", false, "nickname=\"bob\""},
		{"None sends to b", "        if nick is None:\n            send_email(\"b@example.com\", \"no nickname\")\n", false, "nickname=None"},
		{"a nickname equal to a is a", "        if nick is not None and nick == \"a@example.com\":\n            send_email(nick, \"hi\")\n", true, ""},
		{"str of the column", "        if str(nick) != \"None\" and nick is None:\n            send_email(\"b@example.com\", \"never\")\n", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := compiler.Compile("plan.py", []byte(head+tc.body), compiler.Config{ImportRoots: []string{filepath.Join("..", "compiler", "testdata", "layers")}})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			res, err := Prove(context.Background(), prog, Options{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if res.Proved() != tc.proved || !strings.Contains(report(res), tc.want) {
				t.Errorf("proved=%v, want %v and %q in:\n%s", res.Proved(), tc.proved, tc.want, report(res))
			}
		})
	}
}
