package planrt

import (
	"cmp"
	"iter"
	"math"
	"slices"

	"github.com/clauz3/clauz3/pysem"
)

// List is a Python list: a shared, mutable sequence. Plan code holds
// *List[T], so two names bound to one list see each other's changes, as
// in Python.
type List[T any] struct {
	items []T
}

// NewList builds a list from a display's elements.
func NewList[T any](items ...T) *List[T] {
	if items == nil {
		items = []T{}
	}
	return &List[T]{items: items}
}

// ListOf wraps items (the list takes ownership).
func ListOf[T any](items []T) *List[T] {
	if items == nil {
		items = []T{}
	}
	return &List[T]{items: items}
}

// Collect builds a list from an iterable: list(x).
func Collect[T any](seq iter.Seq[T]) *List[T] {
	l := &List[T]{items: []T{}}
	for x := range seq {
		if len(l.items) >= pysem.MaxAlloc {
			memoryError()
		}
		l.items = append(l.items, x)
	}
	return l
}

// Len is len(l).
func (l *List[T]) Len() int64 { return int64(len(l.items)) }

// Items is the backing slice (shared with the list).
func (l *List[T]) Items() []T { return l.items }

func (l *List[T]) index(i int64, what string) int64 {
	n := int64(len(l.items))
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		indexError(what)
	}
	return i
}

// Get is l[i].
func (l *List[T]) Get(i int64) T { return l.items[l.index(i, "list index out of range")] }

// Set is l[i] = v.
func (l *List[T]) Set(i int64, v T) { l.items[l.index(i, "list assignment index out of range")] = v }

// All iterates like Python's for loop over a list: by position, seeing
// appends made during the loop.
func (l *List[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		for i := 0; i < len(l.items); i++ {
			if !yield(l.items[i]) {
				return
			}
		}
	}
}

// Append is l.append(v).
func (l *List[T]) Append(v T) {
	if len(l.items) >= pysem.MaxAlloc {
		memoryError()
	}
	l.items = append(l.items, v)
}

// maxReserve bounds what one Reserve adds: a loop that appends once per
// iteration but stops early (break, an exception) then wastes at most
// this many slots, where its full count could be billions.
const maxReserve = 1 << 20

// Reserve makes room for n more items (at most maxReserve) without
// changing the list: the generated code calls it before a loop of known
// length that appends to the list on every iteration, so that the list
// is not copied each time it outgrows its storage (40 % of the
// string_build benchmark's CPU). Only capacity changes, so nothing a
// plan can see does; a nil list (never made) is left alone.
func (l *List[T]) Reserve(n int64) {
	if l == nil || n <= 0 {
		return
	}
	l.items = slices.Grow(l.items, int(min(n, maxReserve)))
}

// Extend is l.extend(seq).
func (l *List[T]) Extend(seq iter.Seq[T]) {
	var tmp []T
	for x := range seq {
		if len(tmp) >= pysem.MaxAlloc {
			memoryError()
		}
		tmp = append(tmp, x)
	}
	if len(l.items)+len(tmp) > pysem.MaxAlloc {
		memoryError()
	}
	l.items = append(l.items, tmp...)
}

// Pop is l.pop().
func (l *List[T]) Pop() T {
	if len(l.items) == 0 {
		indexError("pop from empty list")
	}
	return l.PopAt(-1)
}

// PopAt is l.pop(i).
func (l *List[T]) PopAt(i int64) T {
	if len(l.items) == 0 {
		indexError("pop from empty list")
	}
	i = l.index(i, "pop index out of range")
	v := l.items[i]
	l.items = slices.Delete(l.items, int(i), int(i)+1)
	return v
}

// Insert is l.insert(i, v): i is clamped to the list, as in Python.
func (l *List[T]) Insert(i int64, v T) {
	if len(l.items) >= pysem.MaxAlloc {
		memoryError()
	}
	i = pysem.InsertIndex(i, int64(len(l.items)))
	l.items = slices.Insert(l.items, int(i), v)
}

// Index is l.index(v).
func (l *List[T]) Index(v T) int64 {
	for i, x := range l.items {
		if eqT(x, v) {
			return int64(i)
		}
	}
	valueError(Repr(v) + " is not in list")
	return -1
}

// Count is l.count(v).
func (l *List[T]) Count(v T) int64 {
	n := int64(0)
	for _, x := range l.items {
		if eqT(x, v) {
			n++
		}
	}
	return n
}

// Contains is v in l.
func (l *List[T]) Contains(v T) bool {
	for _, x := range l.items {
		if eqT(x, v) {
			return true
		}
	}
	return false
}

// Remove is l.remove(v).
func (l *List[T]) Remove(v T) {
	for i, x := range l.items {
		if eqT(x, v) {
			l.items = slices.Delete(l.items, i, i+1)
			return
		}
	}
	valueError("list.remove(x): x not in list")
}

// Reverse is l.reverse().
func (l *List[T]) Reverse() { slices.Reverse(l.items) }

// Copy is l.copy() (and l[:]).
func (l *List[T]) Copy() *List[T] { return &List[T]{items: slices.Clone(l.items)} }

// Sort is l.sort(reverse=...): stable, by Python's <.
func (l *List[T]) Sort(reverse bool) { sortSlice(l.items, reverse) }

// SortBy is l.sort(key=key, reverse=...).
func SortBy[T, K any](l *List[T], key func(T) K, reverse bool) {
	l.items = sortByKey(l.items, key, reverse)
}

// Slice is l[lo:hi:step], a new list.
func (l *List[T]) Slice(lo, hi, step Optional[int64]) *List[T] {
	start, _, st, n := sliceIndices(int64(len(l.items)), lo, hi, step)
	out := make([]T, 0, n)
	for i, k := start, int64(0); k < n; i, k = i+st, k+1 {
		out = append(out, l.items[i])
	}
	return &List[T]{items: out}
}

// Repeat is l * n.
func (l *List[T]) Repeat(n int64) *List[T] {
	if n <= 0 || len(l.items) == 0 {
		return &List[T]{items: []T{}}
	}
	if !pysem.RepeatFits(int64(len(l.items)), n) {
		memoryError()
	}
	out := make([]T, 0, int64(len(l.items))*n)
	for k := int64(0); k < n; k++ {
		out = append(out, l.items...)
	}
	return &List[T]{items: out}
}

// Concat is a + b for lists: a new list.
func Concat[T any](a, b *List[T]) *List[T] {
	out := make([]T, 0, len(a.items)+len(b.items))
	out = append(append(out, a.items...), b.items...)
	return &List[T]{items: out}
}

func (l *List[T]) anyItems() []any {
	out := make([]any, len(l.items))
	for i, x := range l.items {
		out[i] = x
	}
	return out
}

func (l *List[T]) pyTypeName() string { return "list" }

// String is str(l).
func (l *List[T]) String() string { return Repr(l) }

// eqT is Python's == on two values of one static type, with fast paths.
func eqT[T any](a, b T) bool {
	switch x := any(a).(type) {
	case int64:
		return x == any(b).(int64)
	case string:
		return x == any(b).(string)
	case bool:
		return x == any(b).(bool)
	case float64:
		y := any(b).(float64)
		return x == y || identical(x, y)
	}
	return Equal(a, b)
}

// lessT is Python's < on two values of one static type, with fast paths.
func lessT[T any](a, b T) bool {
	switch x := any(a).(type) {
	case int64:
		return x < any(b).(int64)
	case string:
		return x < any(b).(string)
	case float64:
		return x < any(b).(float64)
	}
	return Less(a, b)
}

func sortSlice[T any](items []T, reverse bool) {
	switch xs := any(items).(type) {
	case []int64:
		if reverse {
			slices.SortStableFunc(xs, func(a, b int64) int { return cmp.Compare(b, a) })
		} else {
			slices.SortStableFunc(xs, cmp.Compare[int64])
		}
		return
	case []string:
		if reverse {
			slices.SortStableFunc(xs, func(a, b string) int { return cmp.Compare(b, a) })
		} else {
			slices.SortStableFunc(xs, cmp.Compare[string])
		}
		return
	}
	slices.SortStableFunc(items, func(a, b T) int {
		if reverse {
			a, b = b, a
		}
		if lessT(a, b) {
			return -1
		}
		if lessT(b, a) {
			return 1
		}
		return 0
	})
}

func sortByKey[T, K any](items []T, key func(T) K, reverse bool) []T {
	type kv struct {
		k K
		v T
	}
	pairs := make([]kv, len(items))
	for i, x := range items {
		pairs[i] = kv{key(x), x}
	}
	slices.SortStableFunc(pairs, func(a, b kv) int {
		if reverse {
			a, b = b, a
		}
		if lessT(a.k, b.k) {
			return -1
		}
		if lessT(b.k, a.k) {
			return 1
		}
		return 0
	})
	out := make([]T, len(items))
	for i, p := range pairs {
		out[i] = p.v
	}
	return out
}

// Range is range(start, stop, step) as an iterable.
func Range(start, stop, step int64) iter.Seq[int64] {
	if step == 0 {
		valueError("range() arg 3 must not be zero")
	}
	return func(yield func(int64) bool) {
		if step > 0 {
			for i := start; i < stop; i += step {
				if !yield(i) {
					return
				}
				if i > math.MaxInt64-step {
					return
				}
			}
			return
		}
		for i := start; i > stop; i += step {
			if !yield(i) {
				return
			}
			if i < math.MinInt64-step {
				return
			}
		}
	}
}

// RangeLen is len(range(start, stop, step)), computed (pysem.RangeLen),
// never by building the list: len(range(2**62)) is a number in CPython.
func RangeLen(start, stop, step int64) int64 {
	if step == 0 {
		valueError("range() arg 3 must not be zero")
	}
	n := pysem.RangeLen(start, stop, step)
	if n > math.MaxInt64 {
		Throw("OverflowError", pysem.RangeLenTooLarge)
	}
	return int64(n)
}

// RangeContains is k in range(start, stop, step), computed
// (pysem.RangeContains), never by building the list.
func RangeContains(k, start, stop, step int64) bool {
	if step == 0 {
		valueError("range() arg 3 must not be zero")
	}
	return pysem.RangeContains(k, start, stop, step)
}

// RangeReversed is reversed(range(start, stop, step)): the items from the
// last one down, computed one at a time (item i is start + i*step, in
// wrapping arithmetic that lands on the exact int64), never by building
// the list.
func RangeReversed(start, stop, step int64) iter.Seq[int64] {
	if step == 0 {
		valueError("range() arg 3 must not be zero")
	}
	n := pysem.RangeLen(start, stop, step)
	return func(yield func(int64) bool) {
		for i := n; i > 0; i-- {
			if !yield(start + int64((i-1)*uint64(step))) {
				return
			}
		}
	}
}

// Values iterates over the given values (a tuple display in a for loop).
func Values[T any](vs ...T) iter.Seq[T] { return slices.Values(vs) }

// In is x in (a, b, ...) for a tuple display.
func In[T any](x T, vs ...T) bool {
	for _, v := range vs {
		if eqT(v, x) {
			return true
		}
	}
	return false
}

// InSeq is x in seq (a tuple held in a variable).
func InSeq[T any](x T, seq iter.Seq[T]) bool {
	for v := range seq {
		if eqT(v, x) {
			return true
		}
	}
	return false
}
