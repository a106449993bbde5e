package compiler

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// FuzzCompile checks that Compile never panics and that every error it
// returns is located (diagnostics at a file, line and column, each one
// `file:line:col: reason` line).
func FuzzCompile(f *testing.F) {
	f.Add([]byte(head + "\n@clauz3.guarantee(mail.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n"))
	f.Add([]byte(head + "\ndef notify(who: str, text: str = \"hi\") -> None:\n    send_email(who, text)\n\ndef main(n: int) -> None:\n    total = 0\n    for i in range(3):\n        total += i\n    if 0 < n <= 5:\n        notify(text=f\"{n:>3} {total!r}\", who=\"a@b\")\n    elif n == 7:\n        xs: list[str] = []\n        notify(str(len(xs)))\n"))
	f.Add([]byte("import clauz3\nimport os\nwhile True:\n    pass\n"))
	f.Add([]byte("import clauz3\nfrom tools.pay.trusted import contracts as pay\nfrom tools.pay.trusted.effects import withdraw\n\n@clauz3.guarantee(pay.max_spend(5))\ndef main() -> None:\n    d = {\"a\": 1}\n    if \"a\" in d and not False:\n        withdraw(\"acct-1\", 2)\n"))
	f.Add([]byte("def main(:\n"))
	f.Add([]byte("x: int = 'a'\nf'{x!z}'\n"))
	for _, a := range accepted {
		f.Add([]byte(a.src))
	}
	for i, r := range refusals {
		if i%3 == 0 {
			f.Add([]byte(r.src))
		}
	}
	f.Add([]byte(clauz3Head + "def main() -> None:\n    d: dict[str, list[int]] = {}\n    for k, (a, b) in enumerate(zip(\"ab\", [1, 2])):\n        d.setdefault(str(k), []).append(b)\n    xs = sorted({v for vs in d.values() for v in vs}, key=lambda v: -v)\n    print(xs[1:] if xs else None, any(x > 1 for x in xs))\n"))
	if plans, _ := filepath.Glob("../corpus/plans/*.py"); len(plans) > 0 {
		for _, p := range plans[:min(len(plans), 8)] {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, err := Compile("plan.py", src, testCfg)
		if err == nil {
			if prog == nil {
				t.Fatal("nil program without error")
			}
			return
		}
		if prog != nil {
			t.Fatal("program and error")
		}
		ds := ir.Diagnostics(err)
		if len(ds) == 0 {
			t.Fatalf("an error with no diagnostic: %v", err)
		}
		for _, d := range ds {
			// Internal is a compiler bug; the zero code is a site that
			// forgot its code.
			if d.Code == ir.Internal || d.Code == ir.UnknownCode {
				t.Fatalf("code %v: %v", d.Code, err)
			}
		}
		for _, d := range ds {
			if !diagtest.Located(d) {
				t.Fatalf("unlocated diagnostic %q in\n%v", d, err)
			}
		}
	})
}
