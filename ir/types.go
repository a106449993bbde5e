package ir

import "strings"

// Type is the static type of an IR value.
type Type interface {
	String() string
	isType()
}

// BasicKind enumerates the scalar types.
type BasicKind int

const (
	KindInt BasicKind = iota
	KindBool
	KindStr
	KindNone
	KindFloat
)

// Basic is a scalar type.
type Basic struct{ Kind BasicKind }

// The scalar types; compare types with Identical, not ==, for composites.
var (
	Int   Type = &Basic{KindInt}
	Bool  Type = &Basic{KindBool}
	Str   Type = &Basic{KindStr}
	None  Type = &Basic{KindNone}
	Float Type = &Basic{KindFloat}
)

func (b *Basic) String() string {
	switch b.Kind {
	case KindInt:
		return "int"
	case KindBool:
		return "bool"
	case KindStr:
		return "str"
	case KindFloat:
		return "float"
	default:
		return "None"
	}
}

// List is list[Elem].
type List struct{ Elem Type }

func (l *List) String() string { return "list[" + l.Elem.String() + "]" }

// Tuple is tuple[Elems...].
type Tuple struct{ Elems []Type }

func (t *Tuple) String() string {
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = e.String()
	}
	return "tuple[" + strings.Join(parts, ", ") + "]"
}

// Dict is dict[Key, Value], insertion-ordered as in Python.
type Dict struct{ Key, Value Type }

func (d *Dict) String() string { return "dict[" + d.Key.String() + ", " + d.Value.String() + "]" }

// Set is set[Elem]. Iteration order is the order CPython would give for
// the same insertions only for ints; plans that print or iterate a set of
// other elements are refused by the front end.
type Set struct{ Elem Type }

func (s *Set) String() string { return "set[" + s.Elem.String() + "]" }

// Optional is T | None.
type Optional struct{ Elem Type }

func (o *Optional) String() string { return o.Elem.String() + " | None" }

// Row is a row type declared by a trusted layer (class UserRow(clauz3.Row)).
// Rows are immutable records; fields keep their declaration order.
type Row struct {
	Module string
	Name   string
	Fields []*Param
	// Unique lists the fields the schema declares unique across rows.
	Unique []string
}

func (r *Row) String() string { return r.Name }

// Field returns the named field, or nil.
func (r *Row) Field(name string) *Param {
	for _, p := range r.Fields {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// ObjectType is Python's object as a trusted effect's parameter type
// (`where: dict[str, object] | None = None`, as layers written for the
// original ClauZ3 declare it): a plan may pass any plain value there (see
// FitsObject), which every engine carries through unchanged to the trace
// and the layer (Go any). The one read of an object is Python's == on a
// whole dict[str, object] in a contract lambda (the original's
// only_where(filter_dict: dict[str, object]), whose parameter is the one
// contract parameter type holding objects): the prover compares values by
// their type tag, int and bool numerically. The front end refuses every
// other read, in contracts and conditions.
type ObjectType struct{}

// Object is the one object type.
var Object Type = &ObjectType{}

func (*ObjectType) String() string { return "object" }

// FitsObject reports whether a value of static type t may be passed where
// object is expected: a str, int, float, bool or None (what a JSON trace
// and a layer's Go any carry without a conversion of their own).
func FitsObject(t Type) bool {
	b, ok := t.(*Basic)
	return ok && (b.Kind == KindStr || b.Kind == KindInt || b.Kind == KindFloat || b.Kind == KindBool || b.Kind == KindNone)
}

// HasObject reports whether a value of type t may hold an object.
func HasObject(t Type) bool {
	switch t := t.(type) {
	case *ObjectType:
		return true
	case *List:
		return HasObject(t.Elem)
	case *Set:
		return HasObject(t.Elem)
	case *Optional:
		return HasObject(t.Elem)
	case *Dict:
		return HasObject(t.Key) || HasObject(t.Value)
	case *Tuple:
		for _, e := range t.Elems {
			if HasObject(e) {
				return true
			}
		}
	}
	return false
}

// Fact is the type of a contract lambda's parameter: one effect fact, whose
// fields are the parameters shared by every effect of the relation.
type Fact struct {
	Selector string
	Fields   []*Param
}

func (f *Fact) String() string { return "fact[" + f.Selector + "]" }

// Field returns the named field, or nil.
func (f *Fact) Field(name string) *Param {
	for _, p := range f.Fields {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func (*Basic) isType()      {}
func (*List) isType()       {}
func (*Tuple) isType()      {}
func (*Dict) isType()       {}
func (*Fact) isType()       {}
func (*Set) isType()        {}
func (*Optional) isType()   {}
func (*Row) isType()        {}
func (*ObjectType) isType() {}

// Identical reports whether two types are the same type.
func Identical(a, b Type) bool {
	switch a := a.(type) {
	case *Basic:
		b, ok := b.(*Basic)
		return ok && a.Kind == b.Kind
	case *List:
		b, ok := b.(*List)
		return ok && Identical(a.Elem, b.Elem)
	case *Tuple:
		b, ok := b.(*Tuple)
		if !ok || len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !Identical(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	case *Dict:
		b, ok := b.(*Dict)
		return ok && Identical(a.Key, b.Key) && Identical(a.Value, b.Value)
	case *Set:
		b, ok := b.(*Set)
		return ok && Identical(a.Elem, b.Elem)
	case *Optional:
		b, ok := b.(*Optional)
		return ok && Identical(a.Elem, b.Elem)
	case *Row:
		b, ok := b.(*Row)
		return ok && a.Module == b.Module && a.Name == b.Name
	case *Fact:
		return a == b
	case *ObjectType:
		_, ok := b.(*ObjectType)
		return ok
	}
	return false
}

// IsBasic reports whether t is the scalar type of the given kind.
func IsBasic(t Type, k BasicKind) bool {
	b, ok := t.(*Basic)
	return ok && b.Kind == k
}
