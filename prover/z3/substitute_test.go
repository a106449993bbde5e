package z3

import "testing"

// TestSubstitute replaces subterms and leaves what it replaced unvisited.
func TestSubstitute(t *testing.T) {
	c := newCtx(t)
	x, y, h := intc(c, "x"), intc(c, "y"), intc(c, "h")
	inner := c.Add(x, y)
	outer := c.Mul(inner, c.Add(x, c.Int(1)))
	cases := []struct {
		name     string
		from, to []Term
		want     Term
	}{
		{"a subterm", []Term{inner}, []Term{h}, c.Mul(h, c.Add(x, c.Int(1)))},
		{"a leaf everywhere", []Term{x}, []Term{h}, c.Mul(c.Add(h, y), c.Add(h, c.Int(1)))},
		{"nothing", nil, nil, outer},
		{"absent", []Term{intc(c, "z")}, []Term{h}, outer},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := c.Substitute(outer, tc.from, tc.to)
			if err := c.Err(); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
	if got := c.Substitute(outer, []Term{x}, nil); got.IsValid() || c.Err() == nil {
		t.Fatalf("mismatched lengths: got %v, err %v", got, c.Err())
	}
}
