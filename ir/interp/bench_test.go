package interp

import (
	"context"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// BenchmarkLoop: total = 0; for i in range(100000): if i % 3 == 0: total += i * 2
func BenchmarkLoop(b *testing.B) {
	pb := newProg()
	m := pb.fn("main", tNone)
	total, i := m.local("total", tInt), m.local("i", tInt)
	m.body(Let(total, I(0)), For(i, Rng(0, 100000, 1),
		If(Cmp(Bin(ir.Mod, L(i), I(3)), ir.Eq, I(0)), Let(total, Bin(ir.Add, L(total), Bin(ir.Mul, L(i), I(2)))))))
	if err := ir.Verify(pb.p); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for n := 0; n < b.N; n++ {
		if err := Run(context.Background(), pb.p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
