package interp

import (
	"math"
	"strconv"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// rangeVal is a Python range object. The IR types range(...) as
// list[int], but CPython keeps a range: it prints as range(0, 3), is
// compared, indexed, sliced and searched arithmetically, and has no list
// methods. A range never reaches a host: effect arguments get a list.
type rangeVal struct{ start, stop, step int64 }

func newRange(pos ir.Pos, start, stop, step int64) (rangeVal, error) {
	if step == 0 {
		return rangeVal{}, raise(pos, "ValueError", "range() arg 3 must not be zero")
	}
	return rangeVal{start, stop, step}, nil
}

// length is len(r) (it may exceed int64 for extreme bounds).
func (r rangeVal) length() uint64 { return pysem.RangeLen(r.start, r.stop, r.step) }

// item is r[i] for 0 <= i < len(r).
func (r rangeVal) item(i uint64) int64 { return r.start + int64(i*uint64(r.step)) }

func (r rangeVal) String() string {
	s := "range(" + strconv.FormatInt(r.start, 10) + ", " + strconv.FormatInt(r.stop, 10)
	if r.step != 1 {
		s += ", " + strconv.FormatInt(r.step, 10)
	}
	return s + ")"
}

func (r rangeVal) iter() iterator {
	return &rangeIter{cur: r.start, stop: r.stop, step: r.step}
}

// rangeEq is CPython's range_equals: equal as sequences.
func rangeEq(a, b rangeVal) bool {
	la, lb := a.length(), b.length()
	if la != lb {
		return false
	}
	if la == 0 {
		return true
	}
	if a.start != b.start {
		return false
	}
	return la == 1 || a.step == b.step
}

func (r rangeVal) appendKey(b []byte) []byte {
	// Equal ranges get the same key (CPython hashes (len, start, step)).
	n := r.length()
	b = append(b, 'G')
	b = strconv.AppendUint(b, n, 10)
	if n > 0 {
		b = append(b, ':')
		b = strconv.AppendInt(b, r.start, 10)
	}
	if n > 1 {
		b = append(b, ':')
		b = strconv.AppendInt(b, r.step, 10)
	}
	return b
}

// rangeLen is len(r).
func rangeLen(pos ir.Pos, r rangeVal) (Value, error) {
	n := r.length()
	if n > math.MaxInt64 {
		return nil, raise(pos, "OverflowError", "%s", pysem.RangeLenTooLarge)
	}
	return int64(n), nil
}

// rangeContains is `x in r`.
func rangeContains(r rangeVal, x Value) bool {
	var k int64
	switch v := x.(type) {
	case int64, bool:
		k, _ = asInt(v)
	case float64:
		if v != math.Trunc(v) || v < -9223372036854775808.0 || v >= 9223372036854775808.0 {
			return false
		}
		k = int64(v)
	default:
		return false
	}
	return pysem.RangeContains(k, r.start, r.stop, r.step)
}

// rangeIndex is r[i].
func rangeIndex(pos ir.Pos, r rangeVal, i Value) (Value, error) {
	k, ok := asInt(i)
	if !ok {
		return nil, raise(pos, "TypeError", "range indices must be integers or slices, not %s", typeName(i))
	}
	n := r.length()
	var u uint64
	if k < 0 {
		if uint64(-(k+1))+1 > n {
			return nil, raise(pos, "IndexError", "range object index out of range")
		}
		u = n - (uint64(-(k + 1)) + 1)
	} else {
		if uint64(k) >= n {
			return nil, raise(pos, "IndexError", "range object index out of range")
		}
		u = uint64(k)
	}
	return r.item(u), nil
}

// rangeSlice is r[lo:hi:step], CPython's compute_slice: a new range whose
// bounds are the items at the adjusted slice indices.
func rangeSlice(pos ir.Pos, r rangeVal, lo, hi, st Value) (Value, error) {
	n := r.length()
	if n > math.MaxInt64 {
		return nil, overflow(pos)
	}
	start, stop, step, _, err := sliceBounds(pos, int64(n), lo, hi, st)
	if err != nil {
		return nil, err
	}
	at := func(i int64) (int64, error) {
		p, err := mulInt(pos, i, r.step)
		if err != nil {
			return 0, err
		}
		return addInt(pos, r.start, p)
	}
	s, err := at(start)
	if err != nil {
		return nil, err
	}
	e, err := at(stop)
	if err != nil {
		return nil, err
	}
	st2, err := mulInt(pos, step, r.step)
	if err != nil {
		return nil, err
	}
	return rangeVal{s, e, st2}, nil
}

// materialize replaces ranges by lists, for values that leave the
// interpreter (effect arguments); containers are copied only when they
// hold a range.
func materialize(v Value) Value {
	switch x := v.(type) {
	case rangeVal:
		out := make([]Value, 0, min(x.length(), 1<<20))
		it := x.iter()
		for {
			e, ok, _ := it.next()
			if !ok {
				return &List{Elems: out}
			}
			out = append(out, e)
		}
	case *List:
		if hasRange(x.Elems) {
			out := make([]Value, len(x.Elems))
			for i, e := range x.Elems {
				out[i] = materialize(e)
			}
			return &List{Elems: out}
		}
	case Tuple:
		if hasRange(x) {
			out := make(Tuple, len(x))
			for i, e := range x {
				out[i] = materialize(e)
			}
			return out
		}
	case *Dict:
		if hasRange(x.Values()) || hasRange(x.Keys()) {
			d := NewDict()
			for _, it := range x.Items() {
				d.Set(materialize(it[0]), materialize(it[1]))
			}
			return d
		}
	}
	return v
}

func hasRange(vs []Value) bool {
	for _, v := range vs {
		switch x := v.(type) {
		case rangeVal:
			return true
		case *List:
			if hasRange(x.Elems) {
				return true
			}
		case Tuple:
			if hasRange(x) {
				return true
			}
		case *Dict:
			if hasRange(x.Keys()) || hasRange(x.Values()) {
				return true
			}
		}
	}
	return false
}
