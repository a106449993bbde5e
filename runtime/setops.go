package planrt

// SetAnd is a & b: a new set. The order of a set is never observable in a
// plan (the compiler refuses iterating and printing sets).
func SetAnd[T comparable](a, b *Set[T]) *Set[T] {
	out := NewSet[T]()
	for v := range a.All() {
		if b.Has(v) {
			out.Add(v)
		}
	}
	return out
}

// SetOr is a | b.
func SetOr[T comparable](a, b *Set[T]) *Set[T] {
	out := a.Copy()
	for v := range b.All() {
		out.Add(v)
	}
	return out
}

// SetSub is a - b.
func SetSub[T comparable](a, b *Set[T]) *Set[T] {
	out := NewSet[T]()
	for v := range a.All() {
		if !b.Has(v) {
			out.Add(v)
		}
	}
	return out
}

// SetXor is a ^ b.
func SetXor[T comparable](a, b *Set[T]) *Set[T] {
	out := SetSub(a, b)
	for v := range b.All() {
		if !a.Has(v) {
			out.Add(v)
		}
	}
	return out
}
