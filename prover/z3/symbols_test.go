package z3

import "testing"

func TestSymbols(t *testing.T) {
	c := newCtx(t)
	x, y, s := intc(c, "x"), intc(c, "y"), strc(c, "s")
	f := c.FuncDecl("f", []Sort{c.IntSort()}, c.IntSort())
	ids := func(ts ...Term) []uint32 { return c.Symbols(ts...) }
	one := func(t Term) uint32 { return ids(t)[0] }
	fx := c.Apply(f, c.Int(0))
	tests := []struct {
		name string
		in   []Term
		want []uint32
	}{
		{"literal", []Term{c.Add(c.Int(1), c.Int(2))}, nil},
		{"constant", []Term{x}, []uint32{one(x)}},
		{"each once", []Term{c.Add(x, x, y), x}, []uint32{one(x), one(y)}},
		{"under string ops", []Term{c.Contains(s, c.String("@"))}, []uint32{one(s)}},
		{"uninterpreted function", []Term{c.Eq(fx, c.Int(1))}, []uint32{one(fx)}},
		{"quantifier body, not its bound variable", []Term{c.Forall([]Term{x}, c.Ge(c.Add(x, y), c.Int(0)))}, []uint32{one(y)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ids(tt.in...)
			if len(got) != len(tt.want) {
				t.Fatalf("Symbols = %v, want %v", got, tt.want)
			}
			seen := map[uint32]bool{}
			for _, g := range got {
				seen[g] = true
			}
			for _, w := range tt.want {
				if !seen[w] {
					t.Fatalf("Symbols = %v, want %v", got, tt.want)
				}
			}
		})
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if got := c.Symbols(Term{}); got != nil || c.Err() == nil {
		t.Errorf("Symbols of the zero Term = %v, error %v; want nil and an error", got, c.Err())
	}
}

// TestConstants: the free constants of a term in the order first met,
// the same order for two terms of one shape (so renaming by position maps
// both to one term), and uninterpreted functions reported, not listed.
func TestConstants(t *testing.T) {
	c := newCtx(t)
	x, y, s := intc(c, "x"), intc(c, "y"), strc(c, "s")
	a, b, u := intc(c, "a"), intc(c, "b"), strc(c, "u")
	shape := func(p, q, r Term) Term {
		return c.And(c.Le(c.Add(p, q), c.Int(5)), c.Contains(r, c.String("@")), c.Ge(p, c.Int(0)))
	}
	cx, _, fx := c.Constants(shape(x, y, s))
	ca, _, fa := c.Constants(shape(a, b, u))
	if len(cx) != 3 || len(ca) != 3 || fx || fa {
		t.Fatalf("Constants = %v (funcs %v) and %v (funcs %v), want 3 each and no function", cx, fx, ca, fa)
	}
	// One canonical constant per position, of that position's sort.
	var canon []Term
	for i, k := range cx {
		if k.Sort().Kind() == c.StringSort().Kind() {
			canon = append(canon, strc(c, "c"+string(rune('0'+i))))
		} else {
			canon = append(canon, intc(c, "c"+string(rune('0'+i))))
		}
	}
	if c.Substitute(shape(x, y, s), cx, canon) != c.Substitute(shape(a, b, u), ca, canon) {
		t.Fatal("two terms of one shape renamed by position differ")
	}
	if c.Substitute(shape(x, y, s), cx, canon) == c.Substitute(shape(y, x, s), cx, canon) {
		t.Fatal("terms of different shapes renamed to one term")
	}
	f := c.FuncDecl("f", []Sort{c.IntSort()}, c.IntSort())
	consts, ids, funcs := c.Constants(c.Eq(c.Apply(f, x), c.Int(1)))
	if len(consts) != 1 || len(ids) != 1 || ids[0] != c.Symbols(x)[0] || !funcs {
		t.Fatalf("Constants of f(x) = 1: %v %v funcs %v, want x alone and funcs", consts, ids, funcs)
	}
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
}
