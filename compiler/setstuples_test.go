package compiler

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

func TestSetOperatorsAndTupleOps(t *testing.T) {
	prog := compileOK(t, mainOf(`    a = {"x", "y"}
    b = {"y", "z"}
    c = a & b
    d = a | b
    e = a - b
    f = a ^ b
    print(len(c), "x" in d, len(e), len(f))
    t = (1, "a", 2.5)
    u = t * 2
    v = t[1:]
    w = t[::-1]
    z = t[:-1] + () * 3
    print(u, v, w, z, t[0:0])
`), testCfg)
	out := ir.Sprint(prog)
	for _, w := range []string{
		"c = (a & b)", "d = (a | b)", "e = (a - b)", "f = (a ^ b)",
		"local u tuple[int, str, float, int, str, float]",
		"local v tuple[str, float]",
		"local w tuple[float, str, int]",
		"local z tuple[int, str]",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
}

func TestSetOperatorsAndTupleOpsRefusals(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		code      ir.Code
	}{
		{mainOf("    n = 2\n    t = (1, 2)[n:]\n"), "plan.py:8:9: slicing a tuple with a bound that is not an int constant is not supported (the result's length is part of its type; slice a list)", ir.Unsupported},
		{mainOf("    n = 2\n    t = (1, 2) * n\n"), "plan.py:8:9: tuple repetition by a count that is not a constant is not supported (a tuple's length is part of its type)", ir.Unsupported},
		{mainOf("    t = (1, 2) * 5000\n"), "plan.py:7:9: tuple repetition giving more than 1024 elements is not supported", ir.Unsupported},
		{mainOf("    s = {1}\n    s |= {2}\n"), "plan.py:8:5: augmented assignment |= on a set is not supported (it changes the set in place; write s = s | ...)", ir.Unsupported},
		{mainOf("    n = 1 & 2\n"), "plan.py:7:9: operator & on int and int is not supported", ir.Unsupported},
		{mainOf("    s = {1} | {\"a\"}\n"), "plan.py:7:9: operator | on set[int] and set[str] is not supported", ir.Unsupported},
		{mainOf("    s = {1} ^ [1]\n"), "plan.py:7:9: operator ^ on set[int] and list[int] is not supported", ir.Unsupported},
	} {
		_, err := Compile("plan.py", []byte(tc.src), testCfg)
		diagtest.Want(t, err, tc.code, tc.want)
	}
}
