package planrt

// Optional is a value of type T | None. The zero value is None.
type Optional[T any] struct {
	v  T
	ok bool
}

// Some wraps a value as a T | None that is not None.
func Some[T any](v T) Optional[T] { return Optional[T]{v: v, ok: true} }

// NoBound is an absent slice bound or an omitted optional argument.
var NoBound = Optional[int64]{}

// IsNone reports whether o is None.
func (o Optional[T]) IsNone() bool { return !o.ok }

// Get returns the value; it raises TypeError on None, which is what
// CPython would do at the first operation that needs a T.
func (o Optional[T]) Get() T {
	if !o.ok {
		typeError("'NoneType' object is not usable here")
	}
	return o.v
}

// Unwrap returns the value of an o the compiler proved is not None (after
// an `is not None` check); None here is an internal error of the compiler.
func (o Optional[T]) Unwrap() T {
	if !o.ok {
		panic("planrt: internal error: unwrap of None")
	}
	return o.v
}

// OrElse returns the value, or def when o is None.
func (o Optional[T]) OrElse(def T) T {
	if !o.ok {
		return def
	}
	return o.v
}

func (o Optional[T]) optional() (any, bool) { return o.v, o.ok }

// OptOf turns an Optional[T] into an Optional[any]-free helper for
// generic code: it returns (v, true) or (zero, false).
func OptOf[T any](o Optional[T]) (T, bool) { return o.v, o.ok }

// At is a slice bound or optional int argument that is given.
func At(i int64) Optional[int64] { return Optional[int64]{v: i, ok: true} }
