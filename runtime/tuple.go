package planrt

import "iter"

// Tuples are immutable values: TupleN holds the N elements of a Python
// tuple in fields V0..V(N-1). The generator supports tuples of up to 8
// elements.

// Tuple0 is the empty tuple ().
type Tuple0 struct{}

// Tuple1 is a one-element tuple (a,).
type Tuple1[A any] struct{ V0 A }

// Tuple2 is a pair.
type Tuple2[A, B any] struct {
	V0 A
	V1 B
}

// Tuple3 is a triple.
type Tuple3[A, B, C any] struct {
	V0 A
	V1 B
	V2 C
}

// Tuple4 is a 4-tuple.
type Tuple4[A, B, C, D any] struct {
	V0 A
	V1 B
	V2 C
	V3 D
}

// Tuple5 is a 5-tuple.
type Tuple5[A, B, C, D, E any] struct {
	V0 A
	V1 B
	V2 C
	V3 D
	V4 E
}

// Tuple6 is a 6-tuple.
type Tuple6[A, B, C, D, E, F any] struct {
	V0 A
	V1 B
	V2 C
	V3 D
	V4 E
	V5 F
}

// Tuple7 is a 7-tuple.
type Tuple7[A, B, C, D, E, F, G any] struct {
	V0 A
	V1 B
	V2 C
	V3 D
	V4 E
	V5 F
	V6 G
}

// Tuple8 is an 8-tuple.
type Tuple8[A, B, C, D, E, F, G, H any] struct {
	V0 A
	V1 B
	V2 C
	V3 D
	V4 E
	V5 F
	V6 G
	V7 H
}

func (t Tuple0) tupleItems() []any                { return []any{} }
func (t Tuple1[A]) tupleItems() []any             { return []any{t.V0} }
func (t Tuple2[A, B]) tupleItems() []any          { return []any{t.V0, t.V1} }
func (t Tuple3[A, B, C]) tupleItems() []any       { return []any{t.V0, t.V1, t.V2} }
func (t Tuple4[A, B, C, D]) tupleItems() []any    { return []any{t.V0, t.V1, t.V2, t.V3} }
func (t Tuple5[A, B, C, D, E]) tupleItems() []any { return []any{t.V0, t.V1, t.V2, t.V3, t.V4} }
func (t Tuple6[A, B, C, D, E, F]) tupleItems() []any {
	return []any{t.V0, t.V1, t.V2, t.V3, t.V4, t.V5}
}
func (t Tuple7[A, B, C, D, E, F, G]) tupleItems() []any {
	return []any{t.V0, t.V1, t.V2, t.V3, t.V4, t.V5, t.V6}
}
func (t Tuple8[A, B, C, D, E, F, G, H]) tupleItems() []any {
	return []any{t.V0, t.V1, t.V2, t.V3, t.V4, t.V5, t.V6, t.V7}
}

// Tuple is any tuple value.
type Tuple interface{ tupleItems() []any }

// TupleAt is t[i] for a tuple whose elements all have type T and an index
// known only at run time.
func TupleAt[T any](t Tuple, i int64) T {
	items := t.tupleItems()
	n := int64(len(items))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		indexError("tuple index out of range")
	}
	return items[i].(T)
}

// TupleAll iterates over a tuple whose elements all have type T.
func TupleAll[T any](t Tuple) iter.Seq[T] {
	return func(yield func(T) bool) {
		for _, x := range t.tupleItems() {
			if !yield(x.(T)) {
				return
			}
		}
	}
}

// TupleLen is len(t).
func TupleLen(t Tuple) int64 { return int64(len(t.tupleItems())) }

// TupleSlice is t[lo:hi:step] of a homogeneous tuple, as a list of its
// elements (the generator rebuilds the tuple type it needs).
func TupleSlice[T any](t Tuple, lo, hi, step Optional[int64]) []T {
	items := t.tupleItems()
	start, _, st, n := sliceIndices(int64(len(items)), lo, hi, step)
	out := make([]T, 0, n)
	for i, k := start, int64(0); k < n; i, k = i+st, k+1 {
		out = append(out, items[i].(T))
	}
	return out
}
