package planrt

import (
	"iter"
	"slices"
)

// Dict is a Python dict: shared, mutable and insertion-ordered. Keys are
// Go-comparable (the subset's hashable types: int, float, str, bool,
// tuples of those, None-able scalars, rows).
type Dict[K comparable, V any] struct {
	keys  []K
	vals  []V
	index map[K]int
	// The position of the key found last: d[k] = d.get(k, 0) + 1 and
	// `if k in d: d[k] += 1` look the same key up twice in a row, and
	// the second lookup is then a comparison instead of a map access.
	// remove, the only operation that moves keys, forgets it.
	hot   K
	hotAt int
	hotOK bool
}

// find is the position of k.
func (d *Dict[K, V]) find(k K) (int, bool) {
	if d.hotOK && d.hot == k {
		return d.hotAt, true
	}
	i, ok := d.index[k]
	if ok {
		d.hot, d.hotAt, d.hotOK = k, i, true
	}
	return i, ok
}

// NewDict is an empty dict.
func NewDict[K comparable, V any]() *Dict[K, V] {
	return &Dict[K, V]{index: map[K]int{}}
}

// Put is d[k] = v returning d, for dict displays: a repeated key keeps its
// first position and takes the last value, as in Python.
func (d *Dict[K, V]) Put(k K, v V) *Dict[K, V] {
	d.Set(k, v)
	return d
}

// Len is len(d).
func (d *Dict[K, V]) Len() int64 { return int64(len(d.keys)) }

// Set is d[k] = v.
func (d *Dict[K, V]) Set(k K, v V) {
	if i, ok := d.find(k); ok {
		d.vals[i] = v
		return
	}
	d.index[k] = len(d.keys)
	d.keys = append(d.keys, k)
	d.vals = append(d.vals, v)
}

// Has is k in d.
func (d *Dict[K, V]) Has(k K) bool {
	_, ok := d.find(k)
	return ok
}

// Get is d[k]; a missing key raises KeyError(k).
func (d *Dict[K, V]) Get(k K) V {
	i, ok := d.find(k)
	if !ok {
		Throw("KeyError", Repr(k))
	}
	return d.vals[i]
}

// GetOr is d.get(k, def).
func (d *Dict[K, V]) GetOr(k K, def V) V {
	if i, ok := d.find(k); ok {
		return d.vals[i]
	}
	return def
}

// Lookup is d.get(k): the value or None.
func (d *Dict[K, V]) Lookup(k K) Optional[V] {
	if i, ok := d.find(k); ok {
		return Some(d.vals[i])
	}
	return Optional[V]{}
}

// SetDefault is d.setdefault(k, v).
func (d *Dict[K, V]) SetDefault(k K, v V) V {
	if i, ok := d.find(k); ok {
		return d.vals[i]
	}
	d.Set(k, v)
	return v
}

// Pop is d.pop(k); a missing key raises KeyError(k).
func (d *Dict[K, V]) Pop(k K) V {
	i, ok := d.find(k)
	if !ok {
		Throw("KeyError", Repr(k))
	}
	return d.remove(i)
}

// PopOr is d.pop(k, def).
func (d *Dict[K, V]) PopOr(k K, def V) V {
	i, ok := d.find(k)
	if !ok {
		return def
	}
	return d.remove(i)
}

func (d *Dict[K, V]) remove(i int) V {
	v := d.vals[i]
	d.hotOK = false
	delete(d.index, d.keys[i])
	d.keys = slices.Delete(d.keys, i, i+1)
	d.vals = slices.Delete(d.vals, i, i+1)
	for j := i; j < len(d.keys); j++ {
		d.index[d.keys[j]] = j
	}
	return v
}

// Update is d.update(other).
func (d *Dict[K, V]) Update(other *Dict[K, V]) {
	keys, vals := slices.Clone(other.keys), slices.Clone(other.vals)
	for i, k := range keys {
		d.Set(k, vals[i])
	}
}

// UpdatePairs is d.update(pairs) from an iterable of (key, value) tuples.
func (d *Dict[K, V]) UpdatePairs(pairs iter.Seq[Tuple2[K, V]]) {
	for p := range pairs {
		d.Set(p.V0, p.V1)
	}
}

// Copy is d.copy() (and dict(d)).
func (d *Dict[K, V]) Copy() *Dict[K, V] {
	c := &Dict[K, V]{keys: slices.Clone(d.keys), vals: slices.Clone(d.vals), index: make(map[K]int, len(d.keys))}
	for i, k := range c.keys {
		c.index[k] = i
	}
	return c
}

// DictFromPairs is dict(pairs).
func DictFromPairs[K comparable, V any](pairs iter.Seq[Tuple2[K, V]]) *Dict[K, V] {
	d := NewDict[K, V]()
	d.UpdatePairs(pairs)
	return d
}

// Keys iterates over the keys like Python's for loop over a dict: a change
// of size during the loop raises RuntimeError.
func (d *Dict[K, V]) Keys() iter.Seq[K] {
	return func(yield func(K) bool) {
		n := len(d.keys)
		for i := 0; i < n; i++ {
			if len(d.keys) != n {
				Throw("RuntimeError", "dictionary changed size during iteration")
			}
			if !yield(d.keys[i]) {
				return
			}
		}
		if len(d.keys) != n {
			Throw("RuntimeError", "dictionary changed size during iteration")
		}
	}
}

// KeyList is list(d.keys()).
func (d *Dict[K, V]) KeyList() *List[K] { return ListOf(slices.Clone(d.keys)) }

// ValueList is list(d.values()).
func (d *Dict[K, V]) ValueList() *List[V] { return ListOf(slices.Clone(d.vals)) }

// ItemList is list(d.items()).
func (d *Dict[K, V]) ItemList() *List[Tuple2[K, V]] {
	out := make([]Tuple2[K, V], len(d.keys))
	for i, k := range d.keys {
		out[i] = Tuple2[K, V]{V0: k, V1: d.vals[i]}
	}
	return ListOf(out)
}

func (d *Dict[K, V]) anyPairs() (keys, values []any) {
	keys = make([]any, len(d.keys))
	values = make([]any, len(d.keys))
	for i, k := range d.keys {
		keys[i] = k
		values[i] = d.vals[i]
	}
	return keys, values
}

// String is str(d).
func (d *Dict[K, V]) String() string { return Repr(d) }
