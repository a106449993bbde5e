package planrt

// Exception is a Python exception raised by a plan or by the runtime on
// its behalf. A generated program panics with *Exception; Main recovers
// it and reports it like the last line of CPython's traceback
// (`ValueError: msg`, or just `ValueError` when the message is empty) on
// standard error, with exit status 1. There is no try in the subset, so
// an exception always ends the plan.
type Exception struct {
	Class string // the Python class name, e.g. ValueError
	Msg   string // str() of the exception; may be empty
}

// Error renders the exception as CPython's last traceback line.
func (e *Exception) Error() string {
	if e.Msg == "" {
		return e.Class
	}
	return e.Class + ": " + e.Msg
}

// Throw raises a Python exception of class with the text msg (already
// str() of the exception).
func Throw(class, msg string) {
	panic(&Exception{Class: class, Msg: msg})
}

// Assert is the plan's `assert cond`: it raises AssertionError when cond
// is false.
func Assert(cond bool) {
	if !cond {
		Throw("AssertionError", "")
	}
}

// AssertMsg is `assert cond, msg`; msg is evaluated only when cond is false,
// as in Python, and rendered with str().
func AssertMsg(cond bool, msg func() string) {
	if !cond {
		Throw("AssertionError", msg())
	}
}

func overflow() {
	Throw("OverflowError", "integer overflow")
}

func valueError(msg string) {
	Throw("ValueError", msg)
}

func typeError(msg string) {
	Throw("TypeError", msg)
}

func indexError(msg string) {
	Throw("IndexError", msg)
}

func zeroDivision(msg string) {
	Throw("ZeroDivisionError", msg)
}

// Exc is the exception `raise Class(msg)` raises (generated code panics
// with it). KeyError renders its argument with repr, as CPython does.
func Exc(class, msg string) *Exception {
	if class == "KeyError" {
		msg = ReprStr(msg)
	}
	return &Exception{Class: class, Msg: msg}
}

// ExcClass is the exception a bare `raise Class` raises.
func ExcClass(class string) *Exception {
	return &Exception{Class: class}
}

// memoryError is the MemoryError every engine raises past pysem.MaxAlloc.
func memoryError() {
	Throw("MemoryError", "")
}
