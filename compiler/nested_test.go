package compiler

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestNestedDef lowers nested defs: Func.Outer is set, the nested
// functions follow in Program.Funcs, they read the enclosing locals
// directly, and names they assign are their own.
func TestNestedDef(t *testing.T) {
	src := head + `
def main() -> None:
    domain = "example.com"
    sent: list[str] = []

    def addr(user: str) -> str:
        return f"{user}@{domain}"

    def notify(user: str) -> None:
        domain = "other"
        send_email(addr(user), domain)
        sent.append(user)

        def inner() -> int:
            return len(sent) + len(domain)

        print(inner())

    for u in ["ann", "bob"]:
        notify(u)
    domain = "example.org"
    print(sent, addr("x"))
`
	prog := compileOK(t, src, testCfg)
	out := ir.Sprint(prog)
	for _, want := range []string{
		"func main() None  # plan.py:5:1",
		"func addr(user str) str in main  # plan.py:9:5",
		`return f"{user}@{domain}"`,
		"func notify(user str) None in main  # plan.py:12:5",
		"local domain str",
		"effect send_email(addr(user), domain, [])",
		"list.append(sent, user)",
		"func inner() int in notify  # plan.py:17:9",
		"return (len(sent) + len(domain))",
		"notify(u)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	var names []string
	for _, f := range prog.Funcs {
		outer := ""
		if f.Outer != nil {
			outer = f.Outer.Name
		}
		names = append(names, f.Name+"<"+outer+">")
	}
	if got := strings.Join(names, " "); got != "main<> addr<main> notify<main> inner<notify>" {
		t.Errorf("Funcs = %s", got)
	}
	notify := prog.Funcs[2]
	if len(notify.Locals) != 2 || notify.Locals[1].Name != "domain" {
		t.Errorf("notify's own locals: %v", notify.Locals)
	}
}

// TestNestedDefRefusals checks the refusals specific to nested defs.
func TestNestedDefRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		code            ir.Code
	}{
		{"called before its def", mainOf("    f()\n\n    def f() -> None:\n        pass\n"),
			"plan.py:7:5: function f is called before its definition", ir.Unassigned},
		{"sibling called before its def", mainOf("    def f() -> None:\n        g()\n\n    def g() -> None:\n        pass\n\n    f()\n"),
			"plan.py:8:9: function g is called before its definition", ir.Unassigned},
		{"as a value", mainOf("    def f() -> None:\n        pass\n\n    g = f\n"),
			"plan.py:10:9: function f used as a value is not supported", ir.Unsupported},
		{"returned", "import clauz3\n\ndef main() -> None:\n    def f() -> None:\n        pass\n\n    def g() -> None:\n        return f\n",
			"plan.py:8:16: function f used as a value is not supported", ir.Unsupported},
		{"recursion", mainOf("    def f() -> None:\n        f()\n\n    f()\n"),
			"plan.py:8:9: recursive call of f is not supported: a plan must end on every path and the prover follows every call (write it as a for loop over a range)", ir.Unsupported},
		{"nonlocal", mainOf("    x = 1\n\n    def f() -> None:\n        nonlocal x\n        x = 2\n"),
			"plan.py:10:9: nonlocal statement is not supported", ir.Unsupported},
		{"global", mainOf("    def f() -> None:\n        global y\n"),
			"plan.py:8:9: global statement is not supported", ir.Unsupported},
		{"unbound local in the nested def", mainOf("    x = 1\n\n    def f() -> None:\n        print(x)\n        x = 2\n\n    f()\n"),
			"plan.py:10:15: name x is used before assignment (or not assigned on every path)", ir.Unassigned},
		{"enclosing local assigned after the def", mainOf("    def f() -> None:\n        print(x)\n\n    x = 1\n    f()\n"),
			"plan.py:8:15: name x is read by f but not assigned on every path before its def (assign it before the def)", ir.Unassigned},
		{"missing annotation", mainOf("    def f(a) -> None:\n        pass\n"),
			"plan.py:7:11: parameter a of f needs a type annotation", ir.PlanError},
		{"missing return annotation", mainOf("    def f():\n        return 1\n"),
			"plan.py:7:5: f returns a value but has no return annotation", ir.PlanError},
		{"def and variable", mainOf("    f = 1\n\n    def f() -> None:\n        pass\n"),
			"plan.py:9:5: name f is both a nested function and a variable", ir.PlanError},
		{"in a block", mainOf("    if True:\n        def f() -> None:\n            pass\n"),
			"plan.py:8:9: nested function definition inside a block is not supported (define it directly in the function's body)", ir.Unsupported},
		{"called from another function", head + "\n\ndef main() -> None:\n    def f() -> None:\n        pass\n\n\ndef g() -> None:\n    f()\n",
			"plan.py:12:5: name f is not defined", ir.UndefinedName},
		{"shared constant mutated by a nested def", "import clauz3\n\nTEAM = [\"a\"]\n\ndef main() -> None:\n    t = TEAM\n\n    def f() -> None:\n        t.append(\"b\")\n\n    f()\n",
			"plan.py:9:9: t (which may hold module constant TEAM) may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(tc.src), testCfg)
			if err == nil {
				t.Fatalf("compiled; want %s\nsource:\n%s", tc.want, tc.src)
			}
			diagtest.Want(t, err, tc.code, tc.want)
		})
	}
}

// TestNestedDefNoCascade: a refused nested def yields one error, not one
// more at each call or use.
func TestNestedDefNoCascade(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		code            ir.Code
	}{
		{"in a block", mainOf("    if True:\n        def f() -> None:\n            pass\n\n    f()\n"),
			"plan.py:8:9: nested function definition inside a block is not supported (define it directly in the function's body)", ir.Unsupported},
		{"bad signature", mainOf("    def f(a) -> None:\n        pass\n\n    f(1)\n"),
			"plan.py:7:11: parameter a of f needs a type annotation", ir.PlanError},
		{"def and variable", mainOf("    f = 1\n\n    def f() -> None:\n        pass\n\n    print(f)\n"),
			"plan.py:9:5: name f is both a nested function and a variable", ir.PlanError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(tc.src), testCfg)
			// The kind is the code; the one diagnostic's whole text is the
			// wording under test.
			if ds := ir.Diagnostics(err); len(ds) != 1 || ds[0].Error() != tc.want || ds[0].Code != tc.code {
				t.Errorf("got\n%v\nwant exactly\n%s (%v)", err, tc.want, tc.code)
			}
		})
	}
}
