package planrt

import (
	"iter"
	"math"
	"slices"
)

// Sorted is sorted(seq, reverse=reverse): a new list, stable, by
// Python's <; reverse keeps equal elements in their original order.
func Sorted[T any](seq iter.Seq[T], reverse bool) *List[T] {
	l := Collect(seq)
	sortSlice(l.items, reverse)
	return l
}

// SortedBy is sorted(seq, key=key, reverse=reverse): key is called once
// per element, in order.
func SortedBy[T, K any](seq iter.Seq[T], key func(T) K, reverse bool) *List[T] {
	l := Collect(seq)
	l.items = sortByKey(l.items, key, reverse)
	return l
}

// Reversed is reversed(seq) (as a list).
func Reversed[T any](seq iter.Seq[T]) *List[T] {
	l := Collect(seq)
	slices.Reverse(l.items)
	return l
}

// Min is min(a, b, ...): the first smallest argument.
func Min[T any](first T, rest ...T) T {
	m := first
	for _, x := range rest {
		if lessT(x, m) {
			m = x
		}
	}
	return m
}

// Max is max(a, b, ...): the first largest argument.
func Max[T any](first T, rest ...T) T {
	m := first
	for _, x := range rest {
		if lessT(m, x) {
			m = x
		}
	}
	return m
}

func extreme[T, K any](name string, seq iter.Seq[T], key func(T) K, better func(a, b K) bool, def *T) T {
	var best T
	var bestKey K
	found := false
	for x := range seq {
		k := key(x)
		if !found || better(k, bestKey) {
			best, bestKey, found = x, k, true
		}
	}
	if !found {
		if def != nil {
			return *def
		}
		valueError(name + "() arg is an empty sequence")
	}
	return best
}

func self[T any](x T) T { return x }

// MinOf is min(seq).
func MinOf[T any](seq iter.Seq[T]) T { return extreme("min", seq, self[T], lessT[T], nil) }

// MaxOf is max(seq).
func MaxOf[T any](seq iter.Seq[T]) T {
	return extreme("max", seq, self[T], func(a, b T) bool { return lessT(b, a) }, nil)
}

// MinOfDefault is min(seq, default=def).
func MinOfDefault[T any](seq iter.Seq[T], def T) T {
	return extreme("min", seq, self[T], lessT[T], &def)
}

// MaxOfDefault is max(seq, default=def).
func MaxOfDefault[T any](seq iter.Seq[T], def T) T {
	return extreme("max", seq, self[T], func(a, b T) bool { return lessT(b, a) }, &def)
}

// MinBy is min(seq, key=key).
func MinBy[T, K any](seq iter.Seq[T], key func(T) K) T {
	return extreme("min", seq, key, lessT[K], nil)
}

// MaxBy is max(seq, key=key).
func MaxBy[T, K any](seq iter.Seq[T], key func(T) K) T {
	return extreme("max", seq, key, func(a, b K) bool { return lessT(b, a) }, nil)
}

// MinArgsBy is min(a, b, ..., key=key).
func MinArgsBy[T, K any](key func(T) K, args ...T) T { return MinBy(slices.Values(args), key) }

// MaxArgsBy is max(a, b, ..., key=key).
func MaxArgsBy[T, K any](key func(T) K, args ...T) T { return MaxBy(slices.Values(args), key) }

// SumInt is sum(seq, start) of ints.
func SumInt(seq iter.Seq[int64], start int64) int64 {
	s := start
	for x := range seq {
		s = Add(s, x)
	}
	return s
}

// SumFloat is sum(seq, start) of floats: plain left-to-right addition, as
// CPython 3.11 does.
func SumFloat(seq iter.Seq[float64], start float64) float64 {
	s := start
	for x := range seq {
		s += x
	}
	return s
}

// SumBool is sum(seq, start) of bools.
func SumBool(seq iter.Seq[bool], start int64) int64 {
	s := start
	for x := range seq {
		s = Add(s, BoolInt(x))
	}
	return s
}

// Any is any(seq) with truthiness given by truthy.
func Any[T any](seq iter.Seq[T], truthy func(T) bool) bool {
	for x := range seq {
		if truthy(x) {
			return true
		}
	}
	return false
}

// All is all(seq).
func All[T any](seq iter.Seq[T], truthy func(T) bool) bool {
	for x := range seq {
		if !truthy(x) {
			return false
		}
	}
	return true
}

// Enumerate is enumerate(seq, start) as a list of pairs.
func Enumerate[T any](seq iter.Seq[T], start int64) *List[Tuple2[int64, T]] {
	out := []Tuple2[int64, T]{}
	for p := range EnumerateSeq(seq, start) {
		out = append(out, p)
	}
	return ListOf(out)
}

// EnumerateSeq is enumerate(seq, start) read lazily, as a for loop reads
// it in Python: an element appended to the list during the loop is
// visited too. Its counter is an int64: it raises OverflowError where it
// would yield the largest int64, as the interpreter does (ir/doc.go).
func EnumerateSeq[T any](seq iter.Seq[T], start int64) iter.Seq[Tuple2[int64, T]] {
	return func(yield func(Tuple2[int64, T]) bool) {
		i := start
		for x := range seq {
			if i == math.MaxInt64 {
				overflow()
			}
			if !yield(Tuple2[int64, T]{V0: i, V1: x}) {
				return
			}
			i++
		}
	}
}

// Zip2Seq is zip(a, b) read lazily (see EnumerateSeq): each round takes
// the next of a, then of b, and stops at the first that is exhausted.
func Zip2Seq[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq[Tuple2[A, B]] {
	return func(yield func(Tuple2[A, B]) bool) {
		nb, stop := iter.Pull(b)
		defer stop()
		for x := range a {
			y, ok := nb()
			if !ok || !yield(Tuple2[A, B]{V0: x, V1: y}) {
				return
			}
		}
	}
}

// Zip3Seq is zip(a, b, c) read lazily (see Zip2Seq).
func Zip3Seq[A, B, C any](a iter.Seq[A], b iter.Seq[B], c iter.Seq[C]) iter.Seq[Tuple3[A, B, C]] {
	return func(yield func(Tuple3[A, B, C]) bool) {
		nb, stopB := iter.Pull(b)
		defer stopB()
		nc, stopC := iter.Pull(c)
		defer stopC()
		for x := range a {
			y, ok := nb()
			if !ok {
				return
			}
			z, ok := nc()
			if !ok || !yield(Tuple3[A, B, C]{V0: x, V1: y, V2: z}) {
				return
			}
		}
	}
}

// Zip2 is zip(a, b) as a list of pairs.
func Zip2[A, B any](a iter.Seq[A], b iter.Seq[B]) *List[Tuple2[A, B]] {
	out := []Tuple2[A, B]{}
	nb, stop := iter.Pull(b)
	defer stop()
	for x := range a {
		y, ok := nb()
		if !ok {
			break
		}
		out = append(out, Tuple2[A, B]{V0: x, V1: y})
	}
	return ListOf(out)
}

// Zip3 is zip(a, b, c) as a list of triples.
func Zip3[A, B, C any](a iter.Seq[A], b iter.Seq[B], c iter.Seq[C]) *List[Tuple3[A, B, C]] {
	out := []Tuple3[A, B, C]{}
	nb, stopB := iter.Pull(b)
	defer stopB()
	nc, stopC := iter.Pull(c)
	defer stopC()
	for x := range a {
		y, ok := nb()
		if !ok {
			break
		}
		z, ok := nc()
		if !ok {
			break
		}
		out = append(out, Tuple3[A, B, C]{V0: x, V1: y, V2: z})
	}
	return ListOf(out)
}

// AbsFloat is abs(x) of a float.
func AbsFloat(x float64) float64 { return math.Abs(x) }

// IntOfBool is int(b).
func IntOfBool(b bool) int64 { return BoolInt(b) }

// FloatOfInt is float(i).
func FloatOfInt(i int64) float64 { return float64(i) }

// Truth helpers for the element types the generator passes to Any and
// All.

// TruthyInt is bool(i).
func TruthyInt(i int64) bool { return i != 0 }

// TruthyFloat is bool(f).
func TruthyFloat(f float64) bool { return f != 0 }

// TruthyStr is bool(s).
func TruthyStr(s string) bool { return s != "" }

// TruthyBool is bool(b).
func TruthyBool(b bool) bool { return b }

// TruthyAny is bool(v) for any other type.
func TruthyAny[T any](v T) bool { return Truthy(v) }

// FloatsOf converts ints to floats, for sum(ints, float_start).
func FloatsOf(seq iter.Seq[int64]) iter.Seq[float64] {
	return func(yield func(float64) bool) {
		for x := range seq {
			if !yield(float64(x)) {
				return
			}
		}
	}
}

// MapSlice converts a slice element by element (real-mode conversions
// between the plan's values and a layer's Go types).
func MapSlice[A, B any](xs []A, f func(A) B) []B {
	out := make([]B, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// Ptr is a T | None as a *T (nil for None), for a layer's parameters.
func Ptr[T any](o Optional[T]) *T {
	if !o.ok {
		return nil
	}
	v := o.v
	return &v
}

// FromPtr is a layer's *T result as a T | None.
func FromPtr[T any](p *T) Optional[T] {
	if p == nil {
		return Optional[T]{}
	}
	return Some(*p)
}

// MapOf is a plan's dict as the Go map a layer takes: the dict is copied
// (the layer cannot change the plan's), each value through conv.
func MapOf[K comparable, V, W any](d *Dict[K, V], conv func(V) W) map[K]W {
	out := make(map[K]W, len(d.keys))
	for i, k := range d.keys {
		out[k] = conv(d.vals[i])
	}
	return out
}

// OptionalMapOf is MapOf of a dict | None: None is the nil map, a dict
// (even an empty one) a non-nil map.
func OptionalMapOf[K comparable, V, W any](o Optional[*Dict[K, V]], conv func(V) W) map[K]W {
	if !o.ok {
		return nil
	}
	return MapOf(o.v, conv)
}

// LayerObject is a value of type object as a layer receives it (Go any):
// str, int, float and bool as string, int64, float64 and bool, None as
// nil.
func LayerObject(v any) any {
	if _, isNone := v.(NoneType); isNone {
		return nil
	}
	return v
}
