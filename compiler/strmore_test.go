package compiler

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestStrMethodsMore lowers the second set of str methods and list.clear.
func TestStrMethodsMore(t *testing.T) {
	prog := compileOK(t, mainOf(`    s = "a,b c"
    i = s.index(",") + s.rfind("b") + s.rindex("c")
    c = s.center(9, "*") + s.ljust(7) + s.rjust(8, ".")
    u = s.swapcase()
    f = [s.islower(), s.isupper(), s.istitle()]
    r = s.rsplit(",", 1) + s.rsplit() + s.rsplit(maxsplit=1)
    head, sep, tail = s.partition(" ")
    t = s.rpartition(",")
    xs = [1, 2]
    xs.clear()
    print(i, c, u, f, r, head, sep, tail, t, xs)
`), testCfg)
	out := ir.Sprint(prog)
	for _, w := range []string{
		"i = ((str.index(s, ',') + str.rfind(s, 'b')) + str.rindex(s, 'c'))",
		"c = ((str.center(s, 9, '*') + str.ljust(s, 7)) + str.rjust(s, 8, '.'))",
		"u = str.swapcase(s)",
		"f = [str.islower(s), str.isupper(s), str.istitle(s)]",
		"r = ((str.rsplit(s, ',', 1) + str.rsplit(s)) + str.rsplit(s, None, 1))",
		"local t tuple[str, str, str]",
		"list.clear(xs)",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
}

func TestStrMethodsMoreRefusals(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		code      ir.Code
	}{
		{mainOf("    s = \"ab\".center(\"x\")\n"), "plan.py:7:21: width of str.center() must be int, got str", ir.TypeMismatch},
		{mainOf("    s = \"ab\".ljust(3, 1)\n"), "plan.py:7:23: fillchar of str.ljust() must be str, got int", ir.TypeMismatch},
		{mainOf("    s = \"ab\".index(1)\n"), "plan.py:7:20: argument of str.index() must be str, got int", ir.TypeMismatch},
		{mainOf("    s = \"ab\".partition()\n"), "plan.py:7:9: str.partition() takes at least 1 argument (0 given)", ir.ArgumentError},
		{mainOf("    s = \"ab\".swapcase(1)\n"), "plan.py:7:9: str.swapcase() takes", ir.ArgumentError},
		{mainOf("    xs = [1]\n    xs.clear(1)\n"), "plan.py:8:5: list.clear() takes", ir.ArgumentError},
	} {
		_, err := Compile("plan.py", []byte(tc.src), testCfg)
		diagtest.Want(t, err, tc.code, tc.want)
	}
}
