package interp

import (
	"encoding/binary"
	"math"

	"github.com/clauz3/clauz3/ir"
)

// Value is a runtime value: int64, float64, bool, string, nil (None),
// *List, Tuple, *Dict, *Set or *Row.
type Value = any

// List is a Python list: mutable and shared by reference, so aliasing is
// visible exactly as in Python.
type List struct{ Elems []Value }

// Tuple is a Python tuple.
type Tuple []Value

// Row is a value of a row type declared by a trusted layer; Fields are in
// the order of Type.Fields. Rows are immutable records that compare and
// hash by value.
type Row struct {
	Type   *ir.Row
	Fields []Value
}

// Field returns the named field's value.
func (r *Row) Field(name string) (Value, bool) {
	for i, f := range r.Type.Fields {
		if f.Name == name && i < len(r.Fields) {
			return r.Fields[i], true
		}
	}
	return nil, false
}

// Dict is a Python dict: insertion-ordered, keyed by value with Python's
// equality (1, 1.0 and True are the same key). Keys should be hashable
// values (int64, float64, bool, string, nil, Tuple of those, *Row); the
// interpreter raises TypeError before it would use anything else.
type Dict struct {
	keys  []Value
	vals  []Value
	live  []bool
	index map[string]int
	n     int
}

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{index: map[string]int{}} }

func (d *Dict) init() {
	if d.index == nil {
		d.index = map[string]int{}
	}
}

// Len is len(d).
func (d *Dict) Len() int { return d.n }

// Get returns d[k] and whether k is present.
func (d *Dict) Get(k Value) (Value, bool) {
	if d.index == nil {
		return nil, false
	}
	i, ok := d.index[hashKey(k)]
	if !ok {
		return nil, false
	}
	return d.vals[i], true
}

// Set stores d[k] = v. A new key goes last; an existing key keeps its
// position and its original key object, as in Python.
func (d *Dict) Set(k, v Value) {
	d.init()
	h := hashKey(k)
	if i, ok := d.index[h]; ok {
		d.vals[i] = v
		return
	}
	d.index[h] = len(d.keys)
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
	d.live = append(d.live, true)
	d.n++
}

// Delete removes k and reports whether it was present.
func (d *Dict) Delete(k Value) bool {
	if d.index == nil {
		return false
	}
	h := hashKey(k)
	i, ok := d.index[h]
	if !ok {
		return false
	}
	delete(d.index, h)
	d.keys[i], d.vals[i], d.live[i] = nil, nil, false
	d.n--
	if len(d.keys) > 32 && d.n < len(d.keys)/2 {
		d.compact()
	}
	return true
}

func (d *Dict) compact() {
	keys := make([]Value, 0, d.n)
	vals := make([]Value, 0, d.n)
	for i, ok := range d.live {
		if ok {
			d.index[hashKey(d.keys[i])] = len(keys)
			keys = append(keys, d.keys[i])
			vals = append(vals, d.vals[i])
		}
	}
	d.keys, d.vals = keys, vals
	d.live = make([]bool, len(keys))
	for i := range d.live {
		d.live[i] = true
	}
}

// Keys returns the keys in insertion order.
func (d *Dict) Keys() []Value {
	out := make([]Value, 0, d.n)
	for i, ok := range d.live {
		if ok {
			out = append(out, d.keys[i])
		}
	}
	return out
}

// Values returns the values in insertion order.
func (d *Dict) Values() []Value {
	out := make([]Value, 0, d.n)
	for i, ok := range d.live {
		if ok {
			out = append(out, d.vals[i])
		}
	}
	return out
}

// Items returns the (key, value) pairs in insertion order.
func (d *Dict) Items() []Tuple {
	out := make([]Tuple, 0, d.n)
	for i, ok := range d.live {
		if ok {
			out = append(out, Tuple{d.keys[i], d.vals[i]})
		}
	}
	return out
}

// Copy returns a shallow copy.
func (d *Dict) Copy() *Dict {
	c := NewDict()
	for i, ok := range d.live {
		if ok {
			c.Set(d.keys[i], d.vals[i])
		}
	}
	return c
}

// Set is a Python set. Its iteration order is never observable in a plan
// the front end accepts; the interpreter keeps insertion order.
type Set struct {
	elems []Value
	live  []bool
	index map[string]int
	n     int
}

// NewSet returns an empty set.
func NewSet() *Set { return &Set{index: map[string]int{}} }

// Len is len(s).
func (s *Set) Len() int { return s.n }

// Has reports whether x is in s.
func (s *Set) Has(x Value) bool {
	if s.index == nil {
		return false
	}
	_, ok := s.index[hashKey(x)]
	return ok
}

// Add adds x.
func (s *Set) Add(x Value) {
	if s.index == nil {
		s.index = map[string]int{}
	}
	h := hashKey(x)
	if _, ok := s.index[h]; ok {
		return
	}
	s.index[h] = len(s.elems)
	s.elems = append(s.elems, x)
	s.live = append(s.live, true)
	s.n++
}

// Remove removes x and reports whether it was present.
func (s *Set) Remove(x Value) bool {
	if s.index == nil {
		return false
	}
	h := hashKey(x)
	i, ok := s.index[h]
	if !ok {
		return false
	}
	delete(s.index, h)
	s.elems[i], s.live[i] = nil, false
	s.n--
	if len(s.elems) > 32 && s.n < len(s.elems)/2 {
		elems := make([]Value, 0, s.n)
		for j, ok := range s.live {
			if ok {
				s.index[hashKey(s.elems[j])] = len(elems)
				elems = append(elems, s.elems[j])
			}
		}
		s.elems = elems
		s.live = make([]bool, len(elems))
		for j := range s.live {
			s.live[j] = true
		}
	}
	return true
}

// Elems returns the elements (in insertion order, which is not CPython's
// order; see the package documentation).
func (s *Set) Elems() []Value {
	out := make([]Value, 0, s.n)
	for i, ok := range s.live {
		if ok {
			out = append(out, s.elems[i])
		}
	}
	return out
}

// hashKey encodes a value so that values Python considers equal (and
// hashable) get the same key: 1, 1.0 and True are one key, as are
// equal tuples. Unhashable values (lists, dicts, sets) are encoded by
// content so that the public container API is total; the interpreter
// raises TypeError before it would use one as a key.
func hashKey(v Value) string {
	return string(appendKey(nil, v))
}

func appendKey(b []byte, v Value) []byte {
	switch v := v.(type) {
	case nil:
		return append(b, 'N')
	case bool:
		if v {
			return appendIntKey(b, 1)
		}
		return appendIntKey(b, 0)
	case int64:
		return appendIntKey(b, v)
	case float64:
		if v == math.Trunc(v) && v >= -9223372036854775808 && v < 9223372036854775808 {
			return appendIntKey(b, int64(v))
		}
		b = append(b, 'F')
		return binary.BigEndian.AppendUint64(b, math.Float64bits(v))
	case string:
		b = append(b, 'S')
		b = binary.AppendUvarint(b, uint64(len(v)))
		return append(b, v...)
	case Tuple:
		b = append(b, 'T')
		b = binary.AppendUvarint(b, uint64(len(v)))
		for _, x := range v {
			b = appendKey(b, x)
		}
		return b
	case *Row:
		b = append(b, 'R')
		if v.Type != nil {
			b = binary.AppendUvarint(b, uint64(len(v.Type.Name)))
			b = append(b, v.Type.Name...)
		}
		b = binary.AppendUvarint(b, uint64(len(v.Fields)))
		for _, x := range v.Fields {
			b = appendKey(b, x)
		}
		return b
	case *List:
		b = append(b, 'L')
		b = binary.AppendUvarint(b, uint64(len(v.Elems)))
		for _, x := range v.Elems {
			b = appendKey(b, x)
		}
		return b
	case *Dict:
		b = append(b, 'D')
		b = binary.AppendUvarint(b, uint64(v.Len()))
		for _, it := range v.Items() {
			b = appendKey(appendKey(b, it[0]), it[1])
		}
		return b
	case rangeVal:
		return v.appendKey(b)
	case *Set:
		b = append(b, 'E')
		b = binary.AppendUvarint(b, uint64(v.Len()))
		for _, x := range v.Elems() {
			b = appendKey(b, x)
		}
		return b
	}
	return append(b, '?')
}

func appendIntKey(b []byte, n int64) []byte {
	b = append(b, 'I')
	return binary.BigEndian.AppendUint64(b, uint64(n))
}

// hashable reports whether Python could hash v, and the type name of the
// first unhashable part otherwise.
func hashable(v Value) (string, bool) {
	switch v := v.(type) {
	case *List:
		return "list", false
	case *Dict:
		return "dict", false
	case *Set:
		return "set", false
	case Tuple:
		for _, x := range v {
			if n, ok := hashable(x); !ok {
				return n, false
			}
		}
	case *Row:
		for _, x := range v.Fields {
			if n, ok := hashable(x); !ok {
				return n, false
			}
		}
	}
	return "", true
}

// typeName is type(v).__name__.
func typeName(v Value) string {
	switch v := v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int64:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case *List:
		return "list"
	case Tuple:
		return "tuple"
	case *Dict:
		return "dict"
	case *Set:
		return "set"
	case *Row:
		if v.Type != nil {
			return v.Type.Name
		}
		return "Row"
	case rangeVal:
		return "range"
	}
	return "object"
}
