package z3

import "testing"

func TestSimplifyFoldsLiterals(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if n, ok := c.Simplify(c.Add(c.Int(97), c.Int(1))).Int64Value(); !ok || n != 98 {
		t.Errorf("97 + 1 simplifies to %d, %v", n, ok)
	}
	if s, ok := c.Simplify(c.Concat(c.String("a"), c.String("b"))).StringValue(); !ok || s != "ab" {
		t.Errorf("concat simplifies to %q, %v", s, ok)
	}
	x := c.Const("x", c.IntSort())
	if _, ok := c.Simplify(c.Add(x, c.Int(1))).Int64Value(); ok {
		t.Error("x + 1 simplified to a literal")
	}
}
