package planrt

import (
	"iter"
	"slices"
)

// Set is a Python set: shared and mutable. A set of ints (or bools)
// iterates, prints and serialises in the order CPython 3.11 gives for the
// same sequence of operations, because Set simulates CPython's open-
// addressing table for them (setobject.c: 8 slots to start, linear probes
// of 9, perturbation, growth at 3/5 fill). Other element types keep
// insertion order; the front end refuses plans that could observe it.
type Set[T comparable] struct {
	members map[T]struct{}
	order   []T       // non-int element types: insertion order
	tab     *intTable // int and bool element types
}

// NewSet is an empty set, or a set display built by adding elems in order.
func NewSet[T comparable](elems ...T) *Set[T] {
	s := &Set[T]{members: map[T]struct{}{}}
	if isIntLike[T]() {
		s.tab = newIntTable()
	}
	for _, e := range elems {
		s.Add(e)
	}
	return s
}

// SetLiteral is a set display whose more than two elements are all
// constants: CPython 3.11 folds it into a frozenset constant (which the
// compiler's constant merging rebuilds once from its own iteration order)
// and copies that into a new set, which can order ints differently from
// adding them one by one.
func SetLiteral[T comparable](elems ...T) *Set[T] {
	folded := NewSet(elems...)
	frozen := NewSet(folded.elems()...)
	s := NewSet[T]()
	s.merge(frozen)
	return s
}

// SetOf is set(seq).
func SetOf[T comparable](seq iter.Seq[T]) *Set[T] {
	s := NewSet[T]()
	for x := range seq {
		s.Add(x)
	}
	return s
}

func isIntLike[T comparable]() bool {
	var z T
	switch any(z).(type) {
	case int64, bool:
		return true
	}
	return false
}

func intKey[T comparable](v T) int64 {
	switch x := any(v).(type) {
	case int64:
		return x
	case bool:
		return BoolInt(x)
	}
	return 0
}

// Len is len(s).
func (s *Set[T]) Len() int64 { return int64(len(s.members)) }

// Has is x in s.
func (s *Set[T]) Has(x T) bool {
	_, ok := s.members[x]
	return ok
}

// Add is s.add(x).
func (s *Set[T]) Add(x T) {
	if _, ok := s.members[x]; ok {
		return
	}
	s.members[x] = struct{}{}
	if s.tab != nil {
		s.tab.add(intKey(x))
		return
	}
	s.order = append(s.order, x)
}

// Discard is s.discard(x).
func (s *Set[T]) Discard(x T) {
	if _, ok := s.members[x]; !ok {
		return
	}
	delete(s.members, x)
	if s.tab != nil {
		s.tab.discard(intKey(x))
		return
	}
	i := slices.Index(s.order, x)
	s.order = slices.Delete(s.order, i, i+1)
}

// Remove is s.remove(x): KeyError when x is missing.
func (s *Set[T]) Remove(x T) {
	if !s.Has(x) {
		Throw("KeyError", Repr(x))
	}
	s.Discard(x)
}

// Copy is s.copy() (and set(s)).
func (s *Set[T]) Copy() *Set[T] {
	c := NewSet[T]()
	c.merge(s)
	return c
}

// merge is CPython's set_merge of other into s.
func (s *Set[T]) merge(other *Set[T]) {
	if s.tab == nil {
		for _, x := range other.order {
			s.Add(x)
		}
		return
	}
	s.tab.merge(other.tab)
	for x := range other.members {
		s.members[x] = struct{}{}
	}
}

func (s *Set[T]) elems() []T {
	if s.tab == nil {
		return slices.Clone(s.order)
	}
	keys := s.tab.active()
	out := make([]T, len(keys))
	for i, k := range keys {
		var z T
		switch any(z).(type) {
		case int64:
			out[i] = any(k).(T)
		case bool:
			out[i] = any(k != 0).(T)
		}
	}
	return out
}

// All iterates like Python's for loop over a set; a change of size during
// the loop raises RuntimeError.
func (s *Set[T]) All() iter.Seq[T] {
	return func(yield func(T) bool) {
		n := len(s.members)
		for _, x := range s.elems() {
			if len(s.members) != n {
				Throw("RuntimeError", "Set changed size during iteration")
			}
			if !yield(x) {
				return
			}
		}
		if len(s.members) != n {
			Throw("RuntimeError", "Set changed size during iteration")
		}
	}
}

func (s *Set[T]) anyItems() []any {
	es := s.elems()
	out := make([]any, len(es))
	for i, x := range es {
		out[i] = x
	}
	return out
}

func (s *Set[T]) pyTypeName() string { return "set" }

// String is str(s).
func (s *Set[T]) String() string { return Repr(s) }

// hashInt is CPython's hash() of an int.
func hashInt(v int64) int64 {
	const modulus = 1<<61 - 1
	h := int64(uabs(v) % modulus)
	if v < 0 {
		h = -h
	}
	if h == -1 {
		h = -2
	}
	return h
}

const (
	slotEmpty uint8 = iota
	slotActive
	slotDummy
)

const (
	setMinSize   = 8
	linearProbes = 9
	perturbShift = 5
)

// intTable simulates CPython 3.11's set table for int keys.
type intTable struct {
	keys   []int64
	hashes []int64
	state  []uint8
	mask   uint64
	fill   int
	used   int
}

func newIntTable() *intTable {
	return &intTable{keys: make([]int64, setMinSize), hashes: make([]int64, setMinSize), state: make([]uint8, setMinSize), mask: setMinSize - 1}
}

func (t *intTable) add(key int64) {
	hash := hashInt(key)
	mask := t.mask
	i := uint64(hash) & mask
	freeslot := -1
	perturb := uint64(hash)
	for {
		entry := i
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for {
			switch t.state[entry] {
			case slotEmpty:
				if freeslot >= 0 {
					t.used++
					t.put(uint64(freeslot), key, hash)
					return
				}
				t.fill++
				t.used++
				t.put(entry, key, hash)
				if uint64(t.fill)*5 < mask*3 {
					return
				}
				if t.used > 50000 {
					t.resize(t.used * 2)
				} else {
					t.resize(t.used * 4)
				}
				return
			case slotActive:
				if t.hashes[entry] == hash && t.keys[entry] == key {
					return
				}
			case slotDummy:
				// CPython 3.11 reuses the last dummy met on the probe
				// path (checked against its observable order).
				freeslot = int(entry)
			}
			entry++
			if probes == 0 {
				break
			}
			probes--
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

func (t *intTable) put(i uint64, key, hash int64) {
	t.keys[i], t.hashes[i], t.state[i] = key, hash, slotActive
}

func (t *intTable) discard(key int64) {
	hash := hashInt(key)
	mask := t.mask
	i := uint64(hash) & mask
	perturb := uint64(hash)
	for {
		entry := i
		probes := 0
		if i+linearProbes <= mask {
			probes = linearProbes
		}
		for {
			switch t.state[entry] {
			case slotEmpty:
				return
			case slotActive:
				if t.hashes[entry] == hash && t.keys[entry] == key {
					t.state[entry] = slotDummy
					t.hashes[entry] = -1
					t.used--
					return
				}
			}
			entry++
			if probes == 0 {
				break
			}
			probes--
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

func (t *intTable) insertClean(key, hash int64) {
	mask := t.mask
	perturb := uint64(hash)
	i := uint64(hash) & mask
	for {
		if t.state[i] == slotEmpty {
			t.put(i, key, hash)
			return
		}
		if i+linearProbes <= mask {
			for j := uint64(1); j <= linearProbes; j++ {
				if t.state[i+j] == slotEmpty {
					t.put(i+j, key, hash)
					return
				}
			}
		}
		perturb >>= perturbShift
		i = (i*5 + 1 + perturb) & mask
	}
}

func (t *intTable) resize(minused int) {
	size := uint64(setMinSize)
	for size <= uint64(minused) {
		size <<= 1
	}
	oldKeys, oldHashes, oldState := t.keys, t.hashes, t.state
	t.keys, t.hashes, t.state = make([]int64, size), make([]int64, size), make([]uint8, size)
	t.mask = size - 1
	for i, st := range oldState {
		if st == slotActive {
			t.insertClean(oldKeys[i], oldHashes[i])
		}
	}
	t.fill = t.used
}

// merge is CPython's set_merge(so=t, other).
func (t *intTable) merge(other *intTable) {
	if other == t || other.used == 0 {
		return
	}
	if uint64(t.fill+other.used)*5 >= t.mask*3 {
		t.resize((t.used + other.used) * 2)
	}
	if t.fill == 0 && t.mask == other.mask && other.fill == other.used {
		copy(t.keys, other.keys)
		copy(t.hashes, other.hashes)
		copy(t.state, other.state)
		t.fill, t.used = other.fill, other.used
		return
	}
	if t.fill == 0 {
		t.fill, t.used = other.used, other.used
		for i, st := range other.state {
			if st == slotActive {
				t.insertClean(other.keys[i], other.hashes[i])
			}
		}
		return
	}
	for i, st := range other.state {
		if st == slotActive {
			t.add(other.keys[i])
		}
	}
}

func (t *intTable) active() []int64 {
	out := make([]int64, 0, t.used)
	for i, st := range t.state {
		if st == slotActive {
			out = append(out, t.keys[i])
		}
	}
	return out
}
