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
