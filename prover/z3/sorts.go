package z3

/*
#include <stdlib.h>
#include <z3.h>
*/
import "C"

import "unsafe"

// Sort is a Z3 sort. It is a small value; the zero Sort is invalid.
// Sorts are hash-consed by Z3, so two valid Sorts of the same Context are
// the same sort exactly when they are == .
type Sort struct {
	c *Context
	s C.Z3_sort
}

// SortKind classifies sorts.
type SortKind int

// Sort kinds. SortOther covers every sort the binding does not model
// (reals, bit-vectors, non-string sequences, regular expressions, ...).
const (
	SortOther SortKind = iota
	SortBool
	SortInt
	SortString
	SortArray
	SortDatatype
	SortUninterpreted
)

func (k SortKind) String() string {
	switch k {
	case SortBool:
		return "Bool"
	case SortInt:
		return "Int"
	case SortString:
		return "String"
	case SortArray:
		return "Array"
	case SortDatatype:
		return "Datatype"
	case SortUninterpreted:
		return "Uninterpreted"
	}
	return "Other"
}

// IsValid reports whether s is a sort of an open Context.
func (s Sort) IsValid() bool {
	return s.s != nil && s.c != nil && s.c.ctx != nil
}

// String returns the SMT-LIB name of the sort, e.g. "(Array Int Bool)".
func (s Sort) String() string {
	if !s.IsValid() {
		return "<invalid sort>"
	}
	return C.GoString(C.Z3_sort_to_string(s.c.ctx, s.s))
}

// Kind classifies the sort. An invalid sort is SortOther.
func (s Sort) Kind() SortKind {
	if !s.IsValid() {
		return SortOther
	}
	switch C.Z3_get_sort_kind(s.c.ctx, s.s) {
	case C.Z3_BOOL_SORT:
		return SortBool
	case C.Z3_INT_SORT:
		return SortInt
	case C.Z3_ARRAY_SORT:
		return SortArray
	case C.Z3_DATATYPE_SORT:
		return SortDatatype
	case C.Z3_UNINTERPRETED_SORT:
		return SortUninterpreted
	case C.Z3_SEQ_SORT:
		if bool(C.Z3_is_string_sort(s.c.ctx, s.s)) {
			return SortString
		}
	}
	return SortOther
}

// BoolSort returns the Boolean sort.
func (c *Context) BoolSort() Sort {
	if !c.ready("BoolSort") {
		return Sort{}
	}
	return c.sort("BoolSort", C.Z3_mk_bool_sort(c.ctx))
}

// IntSort returns the sort of mathematical integers.
func (c *Context) IntSort() Sort {
	if !c.ready("IntSort") {
		return Sort{}
	}
	return c.sort("IntSort", C.Z3_mk_int_sort(c.ctx))
}

// StringSort returns the sort of strings (sequences of Unicode characters
// up to U+2FFFF in Z3 4.8.12).
func (c *Context) StringSort() Sort {
	if !c.ready("StringSort") {
		return Sort{}
	}
	return c.sort("StringSort", C.Z3_mk_string_sort(c.ctx))
}

// ArraySort returns the sort of arrays (total maps) from domain to rng.
func (c *Context) ArraySort(domain, rng Sort) Sort {
	const op = "ArraySort"
	ss, ok := c.sortArgs(op, domain, rng)
	if !ok {
		return Sort{}
	}
	return c.sort(op, C.Z3_mk_array_sort(c.ctx, ss[0], ss[1]))
}

// UninterpretedSort returns the uninterpreted sort with the given name.
// The same name gives the same sort.
func (c *Context) UninterpretedSort(name string) Sort {
	const op = "UninterpretedSort"
	if !c.ready(op) {
		return Sort{}
	}
	sym, ok := c.symbol(op, name)
	if !ok {
		return Sort{}
	}
	return c.sort(op, C.Z3_mk_uninterpreted_sort(c.ctx, sym))
}

// Record is a tuple sort made by TupleSort: Make builds a value from one
// argument per field, and Fields[i] projects field i.
type Record struct {
	Sort   Sort
	Make   FuncDecl
	Fields []FuncDecl
}

// TupleSort declares a record (tuple) sort with one constructor, named
// name, and one projection function per field, named after the field.
// Field names should be unique within the Context, because Z3 declares
// them as functions. A zero Record is returned after an error.
func (c *Context) TupleSort(name string, fieldNames []string, fieldSorts []Sort) Record {
	const op = "TupleSort"
	if !c.ready(op) {
		return Record{}
	}
	if len(fieldNames) != len(fieldSorts) {
		c.failf(op, "%d field names but %d field sorts", len(fieldNames), len(fieldSorts))
		return Record{}
	}
	ss, ok := c.sortArgs(op, fieldSorts...)
	if !ok {
		return Record{}
	}
	nameSym, ok := c.symbol(op, name)
	if !ok {
		return Record{}
	}
	n := len(fieldNames)
	syms := make([]C.Z3_symbol, n)
	for i, f := range fieldNames {
		if syms[i], ok = c.symbol(op, f); !ok {
			return Record{}
		}
	}
	var mk C.Z3_func_decl
	projs := make([]C.Z3_func_decl, n)
	var symPtr *C.Z3_symbol
	var sortPtr *C.Z3_sort
	var projPtr *C.Z3_func_decl
	if n > 0 {
		symPtr, sortPtr, projPtr = &syms[0], &ss[0], &projs[0]
	}
	s := C.Z3_mk_tuple_sort(c.ctx, nameSym, C.uint(n), symPtr, sortPtr, &mk, projPtr)
	r := Record{Sort: c.sort(op, s)}
	if !r.Sort.IsValid() {
		return Record{}
	}
	if r.Make = c.funcDecl(op, mk); !r.Make.IsValid() {
		return Record{}
	}
	r.Fields = make([]FuncDecl, n)
	for i, p := range projs {
		if r.Fields[i] = c.funcDecl(op, p); !r.Fields[i].IsValid() {
			return Record{}
		}
	}
	return r
}

// FuncDecl is a function declaration (uninterpreted function, record
// constructor or projection). The zero FuncDecl is invalid.
type FuncDecl struct {
	c *Context
	d C.Z3_func_decl
}

// IsValid reports whether f is a declaration of an open Context.
func (f FuncDecl) IsValid() bool {
	return f.d != nil && f.c != nil && f.c.ctx != nil
}

// String returns the declaration in SMT-LIB form, e.g.
// "(declare-fun f (Int) Int)".
func (f FuncDecl) String() string {
	if !f.IsValid() {
		return "<invalid func decl>"
	}
	return C.GoString(C.Z3_func_decl_to_string(f.c.ctx, f.d))
}

// Name returns the declared name.
func (f FuncDecl) Name() string {
	if !f.IsValid() {
		return ""
	}
	sym := C.Z3_get_decl_name(f.c.ctx, f.d)
	return C.GoString(C.Z3_get_symbol_string(f.c.ctx, sym))
}

// FuncDecl declares an uninterpreted function. The same name and
// signature give the same function.
func (c *Context) FuncDecl(name string, domain []Sort, rng Sort) FuncDecl {
	const op = "FuncDecl"
	ss, ok := c.sortArgs(op, append(append([]Sort(nil), domain...), rng)...)
	if !ok {
		return FuncDecl{}
	}
	sym, ok := c.symbol(op, name)
	if !ok {
		return FuncDecl{}
	}
	n := len(domain)
	return c.funcDecl(op, C.Z3_mk_func_decl(c.ctx, sym, C.uint(n), sortPtr(ss[:n]), ss[n]))
}

// FreshFuncDecl declares an uninterpreted function with a name that starts
// with prefix and is distinct from every other declaration.
func (c *Context) FreshFuncDecl(prefix string, domain []Sort, rng Sort) FuncDecl {
	const op = "FreshFuncDecl"
	ss, ok := c.sortArgs(op, append(append([]Sort(nil), domain...), rng)...)
	if !ok {
		return FuncDecl{}
	}
	cs, ok := c.cname(op, prefix)
	if !ok {
		return FuncDecl{}
	}
	defer C.free(unsafe.Pointer(cs))
	n := len(domain)
	return c.funcDecl(op, C.Z3_mk_fresh_func_decl(c.ctx, cs, C.uint(n), sortPtr(ss[:n]), ss[n]))
}

// Apply applies f to args.
func (c *Context) Apply(f FuncDecl, args ...Term) Term {
	const op = "Apply"
	if !c.ready(op) {
		return Term{}
	}
	switch {
	case !f.IsValid():
		c.failf(op, "invalid FuncDecl")
		return Term{}
	case f.c != c:
		c.failf(op, "FuncDecl belongs to another Context")
		return Term{}
	}
	as, ok := c.args(op, args...)
	if !ok {
		return Term{}
	}
	return c.term(op, C.Z3_mk_app(c.ctx, f.d, C.uint(len(as)), astPtr(as)))
}

// cname converts a name to a C string (caller frees), rejecting NUL bytes.
func (c *Context) cname(op, name string) (*C.char, bool) {
	for i := 0; i < len(name); i++ {
		if name[i] == 0 {
			c.failf(op, "name %q contains a NUL byte", name)
			return nil, false
		}
	}
	return C.CString(name), true
}

func sortPtr(ss []C.Z3_sort) *C.Z3_sort {
	if len(ss) == 0 {
		return nil
	}
	return &ss[0]
}

func astPtr(as []C.Z3_ast) *C.Z3_ast {
	if len(as) == 0 {
		return nil
	}
	return &as[0]
}
