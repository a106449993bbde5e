package interp

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestNestedFunctions(t *testing.T) {
	// def h(n: int) -> int:
	//     def g() -> int:
	//         return n * 10
	//     return g()
	// def main():
	//     x = 1
	//     def get() -> int:
	//         return x
	//     def twice(k: int) -> int:
	//         def inner() -> int:
	//             return get() + x + k
	//         return inner()
	//     print(get(), twice(5))
	//     x = 2                      # late binding: get() now sees 2
	//     print(get(), twice(5), h(1), h(2))
	//     def store():               # (IR only) assigns main's x
	//         x = 7
	//     store()
	//     print(x)
	pb := newProg()
	m := pb.fn("main", tNone)
	h := pb.fn("h", tInt)
	n := h.param("n", tInt)
	g := pb.fn("g", tInt)
	g.f.Outer = h.f
	g.body(Ret(Bin(ir.Mul, L(n), I(10))))
	h.body(Ret(Call(g.f)))

	x := m.local("x", tInt)
	get := pb.fn("get", tInt)
	get.f.Outer = m.f
	get.body(Ret(L(x)))
	twice := pb.fn("twice", tInt)
	twice.f.Outer = m.f
	k := twice.param("k", tInt)
	inner := pb.fn("inner", tInt)
	inner.f.Outer = twice.f
	inner.body(Ret(Bin(ir.Add, Bin(ir.Add, Call(get.f), L(x)), L(k))))
	twice.body(Ret(Call(inner.f)))
	store := pb.fn("store", tNone)
	store.f.Outer = m.f
	store.body(Let(x, I(7)))
	m.body(
		Let(x, I(1)),
		Print(Call(get.f), Call(twice.f, I(5))),
		Let(x, I(2)),
		Print(Call(get.f), Call(twice.f, I(5)), Call(h.f, I(1)), Call(h.f, I(2))),
		Do(Call(store.f)),
		Print(L(x)),
	)
	got := runProg(t, pb.p, Options{})
	want := "1 7\n2 9 10 20\n7\n"
	if got != want {
		t.Errorf("got:\n%s\nCPython:\n%s", got, want)
	}
}

func TestNestedFunctionUnboundEnclosing(t *testing.T) {
	// def main():
	//     def get() -> int:
	//         return x
	//     print(get())       # NameError: x is not assigned yet
	//     x = 1
	pb := newProg()
	m := pb.fn("main", tNone)
	x := m.local("x", tInt)
	get := pb.fn("get", tInt)
	get.f.Outer = m.f
	get.body(Ret(L(x)))
	m.body(Print(Call(get.f)), Let(x, I(1)))
	got := runProg(t, pb.p, Options{})
	want := "!! NameError: cannot access free variable 'x' where it is not associated with a value in enclosing scope"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}
