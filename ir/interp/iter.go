package interp

import (
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// iterator is a Python iterator: next returns the next element, or
// ok == false when it is exhausted.
type iterator interface {
	next() (v Value, ok bool, err error)
}

// listIter iterates a live list, as CPython's listiterator does: an
// element appended during the loop is visited.
type listIter struct {
	l *List
	i int
}

func (it *listIter) next() (Value, bool, error) {
	if it.l == nil || it.i >= len(it.l.Elems) {
		it.l = nil
		return nil, false, nil
	}
	v := it.l.Elems[it.i]
	it.i++
	return v, true, nil
}

// listRevIter is CPython's listreverseiterator.
type listRevIter struct {
	l *List
	i int
}

func (it *listRevIter) next() (Value, bool, error) {
	if it.l == nil || it.i < 0 || it.i >= len(it.l.Elems) {
		it.l = nil
		return nil, false, nil
	}
	v := it.l.Elems[it.i]
	it.i--
	return v, true, nil
}

type sliceIter struct {
	s []Value
	i int
}

func (it *sliceIter) next() (Value, bool, error) {
	if it.i >= len(it.s) {
		return nil, false, nil
	}
	v := it.s[it.i]
	it.i++
	return v, true, nil
}

type strIter struct {
	s string
	i int
}

func (it *strIter) next() (Value, bool, error) {
	if it.i >= len(it.s) {
		return nil, false, nil
	}
	_, n := utf8.DecodeRuneInString(it.s[it.i:])
	v := it.s[it.i : it.i+n]
	it.i += n
	return v, true, nil
}

type dictIterKind int

const (
	iterKeys dictIterKind = iota
	iterValues
	iterItems
)

// dictIter is CPython's dictiterator: it walks the entries in order and
// raises RuntimeError when the dict changes size during the loop.
type dictIter struct {
	d    *Dict
	kind dictIterKind
	i    int
	size int // the size the loop started with, -1 once broken
	left int // entries still expected
	pos  ir.Pos
}

func newDictIter(pos ir.Pos, d *Dict, kind dictIterKind) *dictIter {
	return &dictIter{d: d, kind: kind, size: d.Len(), left: d.Len(), pos: pos}
}

func (it *dictIter) next() (Value, bool, error) {
	if it.d == nil {
		return nil, false, nil
	}
	if it.size != it.d.Len() {
		it.size = -1
		return nil, false, raise(it.pos, "RuntimeError", "dictionary changed size during iteration")
	}
	d := it.d
	for it.i < len(d.keys) && !d.live[it.i] {
		it.i++
	}
	if it.i >= len(d.keys) {
		it.d = nil
		return nil, false, nil
	}
	if it.left == 0 {
		it.d = nil
		return nil, false, raise(it.pos, "RuntimeError", "dictionary keys changed during iteration")
	}
	k, v := d.keys[it.i], d.vals[it.i]
	it.i++
	it.left--
	switch it.kind {
	case iterValues:
		return v, true, nil
	case iterItems:
		return Tuple{k, v}, true, nil
	}
	return k, true, nil
}

// setIter walks a set in insertion order (see the package doc) and
// raises RuntimeError when the set changes size during the loop.
type setIter struct {
	s    *Set
	i    int
	size int
	pos  ir.Pos
}

func (it *setIter) next() (Value, bool, error) {
	if it.s == nil {
		return nil, false, nil
	}
	if it.size != it.s.Len() {
		it.size = -1
		return nil, false, raise(it.pos, "RuntimeError", "Set changed size during iteration")
	}
	for it.i < len(it.s.elems) && !it.s.live[it.i] {
		it.i++
	}
	if it.i >= len(it.s.elems) {
		it.s = nil
		return nil, false, nil
	}
	v := it.s.elems[it.i]
	it.i++
	return v, true, nil
}

type rangeIter struct {
	cur, stop, step int64
	done            bool
}

func (it *rangeIter) next() (Value, bool, error) {
	if it.done || (it.step > 0 && it.cur >= it.stop) || (it.step < 0 && it.cur <= it.stop) {
		it.done = true
		return nil, false, nil
	}
	v := it.cur
	next := it.cur + it.step
	if (it.step > 0 && next < it.cur) || (it.step < 0 && next > it.cur) {
		it.done = true // the next value would overflow: past stop anyway
	}
	it.cur = next
	return v, true, nil
}

type enumerateIter struct {
	inner iterator
	n     int64
	pos   ir.Pos
}

func (it *enumerateIter) next() (Value, bool, error) {
	v, ok, err := it.inner.next()
	if !ok || err != nil {
		return nil, false, err
	}
	n := it.n
	if it.n == 1<<63-1 {
		return nil, false, overflow(it.pos)
	}
	it.n++
	return Tuple{n, v}, true, nil
}

type zipIter struct {
	its []iterator
}

func (it *zipIter) next() (Value, bool, error) {
	if len(it.its) == 0 {
		return nil, false, nil
	}
	out := make(Tuple, len(it.its))
	for i, x := range it.its {
		v, ok, err := x.next()
		if !ok || err != nil {
			it.its = nil
			return nil, false, err
		}
		out[i] = v
	}
	return out, true, nil
}

// iterValue is iter(v).
func iterValue(pos ir.Pos, v Value) (iterator, error) {
	switch c := v.(type) {
	case *List:
		return &listIter{l: c}, nil
	case Tuple:
		return &sliceIter{s: c}, nil
	case string:
		return &strIter{s: c}, nil
	case *Dict:
		return newDictIter(pos, c, iterKeys), nil
	case *Set:
		return &setIter{s: c, size: c.Len(), pos: pos}, nil
	case rangeVal:
		return c.iter(), nil
	}
	return nil, raise(pos, "TypeError", "'%s' object is not iterable", typeName(v))
}

// reversedValue is reversed(v).
func reversedValue(pos ir.Pos, v Value) (iterator, error) {
	switch c := v.(type) {
	case rangeVal:
		return reverseRange(c.iter().(*rangeIter)), nil
	case *List:
		return &listRevIter{l: c, i: len(c.Elems) - 1}, nil
	case Tuple:
		s := make([]Value, len(c))
		for i, x := range c {
			s[len(c)-1-i] = x
		}
		return &sliceIter{s: s}, nil
	case string:
		rs := []rune(c)
		s := make([]Value, len(rs))
		for i, r := range rs {
			s[len(rs)-1-i] = string(r)
		}
		return &sliceIter{s: s}, nil
	case *Dict:
		keys := c.Keys()
		s := make([]Value, len(keys))
		for i, k := range keys {
			s[len(keys)-1-i] = k
		}
		return &sizeCheckIter{inner: &sliceIter{s: s}, size: c.Len, want: c.Len(), pos: pos}, nil
	}
	return nil, raise(pos, "TypeError", "'%s' object is not reversible", typeName(v))
}

// sizeCheckIter raises when a dict changes size while reversed() walks it.
type sizeCheckIter struct {
	inner iterator
	size  func() int
	want  int
	pos   ir.Pos
}

func (it *sizeCheckIter) next() (Value, bool, error) {
	if it.size() != it.want {
		return nil, false, raise(it.pos, "RuntimeError", "dictionary changed size during iteration")
	}
	return it.inner.next()
}

// iterate evaluates e as the iterable of a for loop or a comprehension
// clause. Range and the iteration helpers (enumerate, zip, reversed,
// dict.keys/values/items) stay lazy, so a loop sees the live containers
// exactly as CPython's iterators do.
func (in *interp) iterate(fr *frame, e ir.Expr) (iterator, error) {
	switch x := e.(type) {
	case *ir.Range:
		r, err := in.rangeOf(fr, x)
		if err != nil {
			return nil, err
		}
		return r.iter(), nil
	case *ir.Builtin:
		switch x.Name {
		case "enumerate":
			if len(x.Args) < 1 || len(x.Args) > 2 {
				return nil, internalf(x.Pos, "enumerate takes one or two arguments")
			}
			inner, err := in.iterate(fr, x.Args[0])
			if err != nil {
				return nil, err
			}
			start := int64(0)
			var sx ir.Expr
			if len(x.Args) == 2 {
				sx = x.Args[1]
			}
			for _, kw := range x.Keywords {
				if kw.Name != "start" || sx != nil {
					return nil, internalf(x.Pos, "enumerate keyword %s", kw.Name)
				}
				sx = kw.Value
			}
			if sx != nil {
				v, err := in.eval(fr, sx)
				if err != nil {
					return nil, err
				}
				n, ok := asInt(v)
				if !ok {
					return nil, raise(x.Pos, "TypeError", "'%s' object cannot be interpreted as an integer", typeName(v))
				}
				start = n
			}
			return &enumerateIter{inner: inner, n: start, pos: x.Pos}, nil
		case "zip":
			if len(x.Keywords) > 0 {
				return nil, internalf(x.Pos, "zip keyword %s", x.Keywords[0].Name)
			}
			its := make([]iterator, len(x.Args))
			for i, a := range x.Args {
				it, err := in.iterate(fr, a)
				if err != nil {
					return nil, err
				}
				its[i] = it
			}
			return &zipIter{its: its}, nil
		case "reversed":
			if len(x.Args) != 1 {
				return nil, internalf(x.Pos, "reversed takes one argument")
			}
			v, err := in.eval(fr, x.Args[0])
			if err != nil {
				return nil, err
			}
			return reversedValue(x.Pos, v)
		case "dict.keys", "dict.values", "dict.items":
			if len(x.Args) != 1 {
				return nil, internalf(x.Pos, "%s takes no arguments", x.Name)
			}
			v, err := in.eval(fr, x.Args[0])
			if err != nil {
				return nil, err
			}
			d, ok := v.(*Dict)
			if !ok {
				return nil, raise(x.Pos, "AttributeError", "'%s' object has no attribute '%s'", typeName(v), x.Name[len("dict."):])
			}
			kind := iterKeys
			switch x.Name {
			case "dict.values":
				kind = iterValues
			case "dict.items":
				kind = iterItems
			}
			return newDictIter(x.Pos, d, kind), nil
		}
	}
	v, err := in.eval(fr, e)
	if err != nil {
		return nil, err
	}
	return iterValue(e.Position(), v)
}

// rangeOf evaluates range(start, stop, step).
func (in *interp) rangeOf(fr *frame, x *ir.Range) (rangeVal, error) {
	var b [3]int64
	for i, bx := range []ir.Expr{x.Start, x.Stop, x.Step} {
		if bx == nil {
			return rangeVal{}, internalf(x.Pos, "range with a missing bound")
		}
		v, err := in.eval(fr, bx)
		if err != nil {
			return rangeVal{}, err
		}
		n, ok := asInt(v)
		if !ok {
			return rangeVal{}, raise(x.Pos, "TypeError", "'%s' object cannot be interpreted as an integer", typeName(v))
		}
		b[i] = n
	}
	return newRange(x.Pos, b[0], b[1], b[2])
}

// reverseRange is reversed(range(start, stop, step)).
func reverseRange(r *rangeIter) iterator {
	// The elements are start + i*step for 0 <= i < n.
	var n uint64
	if r.step > 0 && r.cur < r.stop {
		n = (uint64(r.stop-r.cur)-1)/uint64(r.step) + 1
	} else if r.step < 0 && r.cur > r.stop {
		n = (uint64(r.cur-r.stop)-1)/uint64(-r.step) + 1
	}
	if n == 0 {
		return &rangeIter{done: true}
	}
	last := r.cur + int64(n-1)*r.step
	return &countIter{cur: last, step: -r.step, n: n}
}

// countIter yields n values from cur by step (no overflow: the values
// are a range's elements).
type countIter struct {
	cur, step int64
	n         uint64
}

func (it *countIter) next() (Value, bool, error) {
	if it.n == 0 {
		return nil, false, nil
	}
	v := it.cur
	it.n--
	if it.n > 0 {
		it.cur += it.step
	}
	return v, true, nil
}

// collect drains an iterator.
func (in *interp) collect(it iterator) ([]Value, error) {
	out := []Value{}
	for {
		if err := in.poll(); err != nil {
			return nil, err
		}
		v, ok, err := it.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if len(out) >= pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError"}
		}
		out = append(out, v)
	}
}
