package compiler

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

var testCfg = Config{ImportRoots: []string{"testdata/layers"}}

const head = `import clauz3
from tools.mail.trusted import contracts as mail
from tools.mail.trusted.effects import send_email
`

func compileOK(t *testing.T, src string, cfg Config) *ir.Program {
	t.Helper()
	prog, err := Compile("plan.py", []byte(src), cfg)
	if err != nil {
		t.Fatalf("Compile:\n%v\nsource:\n%s", err, src)
	}
	if err := ir.Verify(prog); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	return prog
}

// TestLower lowers one small plan per construct of the subset and checks
// that the program verifies and prints as expected.
func TestLower(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		cfg  *Config
		want []string // lines (trimmed) that ir.Sprint must contain
	}{
		{"straight line and guarantee", head + `
@clauz3.guarantee(mail.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "hi")
`, nil, []string{
			"effect send_email('bob@example.com', 'hi', [])",
			"guarantee mail.only(['bob@example.com'])  # plan.py:5:19",
			"contract tools.mail.trusted.contracts.only(['bob@example.com']) = effect('send_email').all(lambda e: (e.addr in addresses))",
		}},
		{"keyword arguments normalized, defaults filled", head + `
def main() -> None:
    send_email(msg="hi", addr="bob@example.com")
    send_email("ann@example.com", cc=["bob@example.com"], msg="x")
`, nil, []string{
			"effect send_email('bob@example.com', 'hi', [])",
			"effect send_email('ann@example.com', 'x', ['bob@example.com'])",
		}},
		{"helpers with defaults and keywords", head + `
def notify(who: str, text: str = "hi") -> None:
    send_email(who, text)


def shout(text: str) -> str:
    return text + "!"


def main() -> None:
    notify("bob@example.com")
    notify(text="x", who="bob@example.com")
    notify(shout("bob@example.com"), text=shout("y"))
`, nil, []string{
			"func notify(who str, text str) None  # plan.py:5:1",
			"func shout(text str) str  # plan.py:9:1",
			"return (text + '!')",
			"notify('bob@example.com', 'hi')",
			"notify('bob@example.com', 'x')",
			"notify(shout('bob@example.com'), shout('y'))",
		}},
		{"comparison chains and elif", head + `
def main(x: int, y: int) -> None:
    if 0 < x <= 5 < y:
        send_email("a@example.com", "small")
    elif x == y != 3:
        send_email("b@example.com", "equal")
    else:
        pass
`, nil, []string{
			"func main(x int, y int) None  # plan.py:5:1",
			"if (0 < x <= 5 < y):",
			"if (x == y != 3):",
		}},
		{"f-strings", head + `
def main(n: int, s: str) -> None:
    send_email("a@example.com", f"n={n!r:>5} {s!s} {{lit}} {n:,d}")
`, nil, []string{
			`effect send_email('a@example.com', f"n={n!r:>5} {s!s} {{lit}} {n:,d}", [])`,
		}},
		{"for loops", head + `
N = 3
ADDRS = ["a@example.com", "b@example.com"]


def main() -> None:
    for a in ["x@example.com", "y@example.com"]:
        send_email(a, "list")
    for b in ("p@example.com", "q@example.com"):
        send_email(b, "tuple")
    names = ADDRS
    for c in names:
        send_email(c, "name")
    for i in range(N):
        send_email("i@example.com", str(i))
    for j in range(1, 10, -2):
        send_email("j@example.com", str(j))
    for k in range(-1, -5, -1):
        send_email("k@example.com", str(k))
`, nil, []string{
			"for a in ['x@example.com', 'y@example.com']:",
			"for b in ('p@example.com', 'q@example.com'):",
			"names = ['a@example.com', 'b@example.com']",
			"for c in names:",
			"for i in range(0, 3, 1):",
			"for j in range(1, 10, -2):",
			"for k in range(-1, -5, -1):",
			"effect send_email('i@example.com', str(i), [])",
		}},
		{"augmented and annotated assignment", head + `
def main(x: int) -> None:
    total = 1
    total += x
    total -= 2
    total *= 3
    total //= 4
    total %= 5
    msg: str = "a"
    msg += "b"
    xs: list[str] = []
    xs = xs + ["c@example.com"]
    later: int
    later = -total
    d: dict[str, int] = {}
    send_email("a@example.com", msg, xs)
`, nil, []string{
			"local xs list[str]",
			"local later int",
			"local d dict[str, int]",
			"total = (total + x)",
			"total = (total - 2)",
			"total = (total * 3)",
			"total = (total // 4)",
			"total = (total % 5)",
			"msg = (msg + 'b')",
			"xs = []",
			"xs = (xs + ['c@example.com'])",
			"later = (-total)",
			"d = {}",
		}},
		{"literals and operators", head + `
def main(flag: bool, s: str) -> None:
    d = {"a": 1, "b": 2}
    t = (1, "x", True, None)
    n = -5 + 7 * 2 // 3 % 4 - len(s)
    ok = not flag and ("a" in d or s not in ["x", "y"])
    either = s or "default"
    if ok:
        send_email("a@example.com", str(n) + str(t) + either)
`, nil, []string{
			"local d dict[str, int]",
			"local t tuple[int, str, bool, None]",
			"d = {'a': 1, 'b': 2}",
			"t = (1, 'x', True, None)",
			"n = ((-5 + (((7 * 2) // 3) % 4)) - len(s))",
			"ok = ((not flag) and (('a' in d) or (s not in ['x', 'y'])))",
			"either = (s or 'default')",
		}},
		{"module constants and main idiom", `"""A plan with constants."""
from __future__ import annotations
import clauz3
from clauz3 import guarantee
from typing import List
import tools.mail.trusted.contracts as m2
from tools.mail.trusted.effects import send_email
from tools.mail.trusted import contracts

BOB = "bob@example.com"
TEAM = [BOB, "ann@example.com"]
LIMIT: int = 2


@guarantee(m2.only(TEAM))
@clauz3.guarantee(contracts.at_most())
@clauz3.guarantee(m2.at_most(n=LIMIT))
@clauz3.guarantee(m2.short_to(BOB, limit=-1))
def main() -> None:
    """Email the team."""
    for a in TEAM:
        send_email(a, "hi")


if __name__ == "__main__":
    main()
`, nil, []string{
			"for a in ['bob@example.com', 'ann@example.com']:",
			"guarantee m2.only(TEAM)  # plan.py:15:12",
			"contract tools.mail.trusted.contracts.only(['bob@example.com', 'ann@example.com']) = effect('send_email').all(lambda e: (e.addr in addresses))",
			"guarantee contracts.at_most()  # plan.py:16:19",
			"contract tools.mail.trusted.contracts.at_most(3) = effect('send_email').count() <= n",
			"contract tools.mail.trusted.contracts.at_most(2) = effect('send_email').count() <= n",
			"guarantee m2.short_to(BOB, limit=-1)  # plan.py:18:19",
		}},
		{"other target with free inputs, other layer", `import clauz3
import tools.pay.trusted.effects
from tools.pay.trusted import contracts as pay


@clauz3.guarantee(pay.max_spend(10))
def run(amount: int, account: str = "acct-main") -> None:
    if 0 < amount <= 10:
        tools.pay.trusted.effects.withdraw(account, amount)
        tools.pay.trusted.effects.fee(1)


def main() -> None:
    pass
`, &Config{ImportRoots: []string{"testdata/layers"}, Target: "run"}, []string{
			"program plan.py target run",
			"effect tools.pay.trusted.effects.withdraw(account str, amount int) None markers(spend, io)",
			"func run(amount int, account str) None  # plan.py:7:1",
			"effect withdraw(account, amount)",
			"effect fee(1, 'acct-fees')",
			"contract tools.pay.trusted.contracts.max_spend(10) = effect('spend').sum(lambda s: s.amount) <= limit",
		}},
		{"module attributes and layer constants", `import clauz3
import tools.mail.trusted.effects as fx
from tools.mail.trusted.effects import MAX_LEN
from tools.pay.trusted import effects


def main() -> None:
    fx.send_email("a@example.com", str(MAX_LEN + fx.MAX_LEN))
    effects.withdraw("acct-1", 2)
`, nil, []string{
			"effect send_email('a@example.com', str((200 + 200)), [])",
			"effect withdraw('acct-1', 2)",
			"effect tools.pay.trusted.effects.balance(account str) int markers(read)",
		}},
		{"effect results and returns", head + `from tools.mail.trusted.effects import list_inbox


def count(folder: str) -> int:
    subjects = list_inbox(folder)
    if len(subjects) > 3:
        return 3
    return len(subjects)


def main() -> None:
    n = count("inbox")
    inbox = list_inbox()
    for s in inbox:
        send_email("a@example.com", s)
    send_email("a@example.com", f"{n} subjects")
`, nil, []string{
			"subjects = effect list_inbox(folder)",
			"return 3",
			"return len(subjects)",
			"n = count('inbox')",
			"local s str",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := testCfg
			if tc.cfg != nil {
				cfg = *tc.cfg
			}
			prog := compileOK(t, tc.src, cfg)
			out := ir.Sprint(prog)
			lines := map[string]bool{}
			for _, l := range strings.Split(out, "\n") {
				lines[strings.TrimSpace(l)] = true
			}
			for _, w := range tc.want {
				if !lines[w] {
					t.Errorf("missing line %q in\n%s", w, out)
				}
			}
		})
	}
}

// TestFprint pins the whole printed program of one plan.
func TestFprint(t *testing.T) {
	src := `import clauz3
from tools.pay.trusted import contracts as pay
from tools.pay.trusted.effects import withdraw


@clauz3.guarantee(pay.max_spend(5))
def main(n: int) -> None:
    if 0 < n <= 3:
        withdraw(amount=n, account="acct-1")
`
	prog := compileOK(t, src, testCfg)
	var b strings.Builder
	if err := ir.Fprint(&b, prog); err != nil {
		t.Fatal(err)
	}
	want := `program plan.py target main
effect tools.pay.trusted.effects.balance(account str) int markers(read)
    ensures lambda result: (result >= 0)
effect tools.pay.trusted.effects.fee(amount int, account str = 'acct-fees') None markers(spend)
effect tools.pay.trusted.effects.withdraw(account str, amount int) None markers(spend, io)
    requires lambda account, amount: (amount > 0)
    requires lambda account: str.startswith(account, 'acct-')
func main(n int) None  # plan.py:7:1
    local n int
    if (0 < n <= 3):
        effect withdraw('acct-1', n)
guarantee pay.max_spend(5)  # plan.py:6:19
    contract tools.pay.trusted.contracts.max_spend(5) = effect('spend').sum(lambda s: s.amount) <= limit
policy tools.pay.trusted label 'pay' when_used(withdraw, fee)
    recommended tools.pay.trusted.contracts.max_spend
`
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	call := prog.Target.Body[0].(*ir.If).Then[0].(*ir.ExprStmt).X.(*ir.EffectCall)
	if p := call.Args[1].Position(); p.String() != "plan.py:9:25" {
		t.Errorf("argument n at %s, want plan.py:9:25", p)
	}
}
