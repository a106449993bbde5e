package ir

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
)

// BuiltinTable is the one table of the builtin functions and methods of
// the plan language. The front end binds every call with the signature
// here and refuses any other name; Verify checks every Builtin node
// against it; the interpreter and the generator implement every entry
// (TestBuiltinExamples runs each entry's Example in both, and CPython);
// the prover implements the subset its Prover field declares and refuses
// the rest with ProverRefusal's words; docs/language.md lists exactly
// these names (TestDocs).
//
// Methods are spelled "<receiver kind>.<method>" and take the receiver as
// their first IR argument. Iteration helpers (enumerate, zip, reversed,
// dict.keys, dict.values, dict.items) are typed as lists; the front end
// allows them only where their result is iterated or consumed whole, so
// their lazy nature in CPython is never observable.
//
// The table is built afresh on each call (no package-level mutable state);
// callers that look names up often use LookupBuiltin, which indexes it
// once.
func BuiltinTable() []BuiltinInfo {
	const (
		enc   = ProverEncodes
		fold  = ProverFolds
		never = ProverRefuses
	)
	p := func(names ...string) []string { return names }
	rows := []BuiltinInfo{
		// functions
		{Name: "len", Sig: Sig{Params: p("obj"), PosOnly: 1, Min: 1}, Result: "int", Prover: enc,
			Example: `print(len("abc"), len([1, 2]))`},
		{Name: "str", Sig: Sig{Params: p("object"), PosOnly: 1}, Result: "str", Prover: enc,
			ProverSymbolic: "decided for ints, bools, None and strs; refused for other values (the refusal names the type)",
			Example:        `print(str(-12) + str(True))`},
		{Name: "repr", Sig: Sig{Params: p("object"), PosOnly: 1, Min: 1}, Result: "str", Prover: enc,
			ProverSymbolic: "decided for ints, bools and None, and for a str constant; refused for a computed str (its quoting depends on its characters)",
			Example:        `print(repr("it's"))`},
		{Name: "int", Sig: Sig{Params: p("x", "base"), PosOnly: 1}, Result: "int", Raises: p("ValueError", "OverflowError"), Prover: fold,
			Example: `print(int("42") + int(True))`},
		{Name: "float", Sig: Sig{Params: p("x"), PosOnly: 1}, Result: "float", Raises: p("ValueError"), Prover: never,
			ProverWhy: "the prover has no floats",
			Example:   `print(float("1.5"))`},
		{Name: "bool", Sig: Sig{Params: p("x"), PosOnly: 1}, Result: "bool", Prover: fold,
			Example: `print(bool("x"), bool(0))`},
		{Name: "abs", Sig: Sig{Params: p("x"), PosOnly: 1, Min: 1}, Result: "int or float", Raises: p("OverflowError"), Prover: fold,
			Example: `print(abs(-3))`},
		{Name: "round", Sig: Sig{Params: p("number", "ndigits"), Min: 1}, Result: "int or float", Raises: p("OverflowError", "ValueError"), Prover: fold,
			Example: `print(round(7), round(1250, -2), round(-1351, -2))`},
		{Name: "min", Sig: Sig{Params: p("args"), Min: 1, Varargs: true, KwOnly: p("key", "default")}, Result: "an element", Raises: p("ValueError"), Prover: fold,
			ProverSymbolic: "decided for several ints or strs, or a list of them (`ValueError` when empty)",
			Example:        `print(min(3, 1, 2), min(["b", "a"]))`},
		{Name: "max", Sig: Sig{Params: p("args"), Min: 1, Varargs: true, KwOnly: p("key", "default")}, Result: "an element", Raises: p("ValueError"), Prover: fold,
			ProverSymbolic: "decided for several ints or strs, or a list of them (`ValueError` when empty)",
			Example:        `print(max(3, 1, 2), max(["b", "a"]))`},
		{Name: "sum", Sig: Sig{Params: p("iterable", "start"), PosOnly: 1, Min: 1}, Result: "int, float or list", Raises: p("OverflowError", "MemoryError"), Prover: fold,
			Example: `print(sum([1, 2, 3]), sum([4], 10))`},
		{Name: "ord", Sig: Sig{Params: p("c"), PosOnly: 1, Min: 1}, Result: "int", Raises: p("TypeError"), Prover: fold,
			Example: `print(ord("a"))`},
		{Name: "chr", Sig: Sig{Params: p("c"), PosOnly: 1, Min: 1}, Result: "str", Raises: p("ValueError"), Prover: fold,
			Example: `print(chr(98))`},
		{Name: "any", Sig: Sig{Params: p("iterable"), PosOnly: 1, Min: 1}, Result: "bool", Prover: fold,
			Example: `print(any([False, True]), any([0, 0]))`},
		{Name: "all", Sig: Sig{Params: p("iterable"), PosOnly: 1, Min: 1}, Result: "bool", Prover: fold,
			Example: `print(all([1, 2]), all(["", "a"]))`},
		{Name: "enumerate", Sig: Sig{Params: p("iterable", "start"), Min: 1}, Result: "an iteration helper of (int, element) tuples", Raises: p("OverflowError"), Prover: enc,
			ProverSymbolic: "decided over lists; refused over a str or a dict (the refusal says so)",
			Example:        `print(list(enumerate(["a", "b"], 1)))`},
		{Name: "zip", Sig: Sig{Params: p("iterables"), Varargs: true, KwOnly: p("strict")}, Result: "an iteration helper of tuples", Prover: enc,
			ProverSymbolic: "decided over lists; refused over a str or a dict (the refusal says so)",
			Example:        `print(list(zip([1, 2, 3], ["a", "b"])))`},
		{Name: "sorted", Sig: Sig{Params: p("iterable"), PosOnly: 1, Min: 1, KwOnly: p("key", "reverse")}, Result: "list", Prover: fold,
			Example: `print(sorted([3, 1, 2]), sorted(["b", "a"]))`},
		{Name: "reversed", Sig: Sig{Params: p("sequence"), PosOnly: 1, Min: 1}, Result: "an iteration helper", Prover: fold,
			Example: `print(list(reversed([1, 2, 3])))`},
		{Name: "list", Sig: Sig{Params: p("iterable"), PosOnly: 1}, Result: "list", Raises: p("MemoryError"), Prover: enc,
			Example: `print(list("ab"), list([1, 2]))`},
		{Name: "tuple", Sig: Sig{Params: p("iterable"), PosOnly: 1}, Result: "tuple", Prover: fold,
			Example: `print(tuple((1, "a")))`},
		{Name: "dict", Sig: Sig{Params: p("iterable"), PosOnly: 1}, Result: "dict", Prover: never,
			ProverWhy: "the prover has no model of dict() yet",
			Example:   `print(dict([("a", 1), ("b", 2)]))`},
		{Name: "set", Sig: Sig{Params: p("iterable"), PosOnly: 1}, Result: "set", Prover: never,
			ProverWhy: "the prover has no model of sets yet",
			Example:   `print(sorted(set([2, 1, 2])))`},
		{Name: "print", Sig: Sig{Params: p("objects"), Varargs: true, KwOnly: p("sep", "end", "file", "flush")}, Result: "None", Writes: true, Prover: enc,
			Example: `print("a", 1, sep="-", end="!\n")`},
		// str methods
		{Name: "str.upper", Result: "str", Prover: fold, Example: `print("straße".upper())`},
		{Name: "str.lower", Result: "str", Prover: fold, Example: `print("ABC".lower())`},
		{Name: "str.title", Result: "str", Prover: fold, Example: `print("ab cd".title())`},
		{Name: "str.capitalize", Result: "str", Prover: fold, Example: `print("aB".capitalize())`},
		{Name: "str.swapcase", Result: "str", Prover: fold, Example: `print("aB".swapcase())`},
		{Name: "str.strip", Sig: Sig{Params: p("chars"), PosOnly: 1}, Result: "str", Prover: fold, Example: `print(" a ".strip(), "xax".strip("x"))`},
		{Name: "str.lstrip", Sig: Sig{Params: p("chars"), PosOnly: 1}, Result: "str", Prover: fold, Example: `print(" a ".lstrip() + "|")`},
		{Name: "str.rstrip", Sig: Sig{Params: p("chars"), PosOnly: 1}, Result: "str", Prover: fold, Example: `print("|" + " a ".rstrip())`},
		{Name: "str.split", Sig: Sig{Params: p("sep", "maxsplit")}, Result: "list[str]", Raises: p("ValueError"), Prover: fold, Example: `print("a,b,c".split(",", 1), " a  b ".split())`},
		{Name: "str.rsplit", Sig: Sig{Params: p("sep", "maxsplit")}, Result: "list[str]", Raises: p("ValueError"), Prover: fold, Example: `print("a b c".rsplit(None, 1))`},
		{Name: "str.splitlines", Result: "list[str]", Prover: fold, Example: `print("a\nb\r\nc".splitlines())`},
		{Name: "str.join", Sig: Sig{Params: p("iterable"), PosOnly: 1, Min: 1}, Result: "str", Prover: enc, Example: `print("-".join(["a", "b"]))`},
		{Name: "str.replace", Sig: Sig{Params: p("old", "new", "count"), PosOnly: 3, Min: 2}, Result: "str", Prover: fold, Example: `print("aaa".replace("a", "b", 2))`},
		{Name: "str.startswith", Sig: Sig{Params: p("prefix"), PosOnly: 1, Min: 1}, Result: "bool", Prover: enc, Example: `print("ab".startswith("a"))`},
		{Name: "str.endswith", Sig: Sig{Params: p("prefix"), PosOnly: 1, Min: 1}, Result: "bool", Prover: enc, Example: `print("ab".endswith("a"))`},
		{Name: "str.find", Sig: Sig{Params: p("sub"), PosOnly: 1, Min: 1}, Result: "int", Prover: fold, Example: `print("abc".find("c"), "abc".find("z"))`},
		{Name: "str.rfind", Sig: Sig{Params: p("sub"), PosOnly: 1, Min: 1}, Result: "int", Prover: fold, Example: `print("abca".rfind("a"))`},
		{Name: "str.index", Sig: Sig{Params: p("sub"), PosOnly: 1, Min: 1}, Result: "int", Raises: p("ValueError"), Prover: fold, Example: `print("abc".index("b"))`},
		{Name: "str.rindex", Sig: Sig{Params: p("sub"), PosOnly: 1, Min: 1}, Result: "int", Raises: p("ValueError"), Prover: fold, Example: `print("abab".rindex("b"))`},
		{Name: "str.count", Sig: Sig{Params: p("sub"), PosOnly: 1, Min: 1}, Result: "int", Prover: fold, Example: `print("aba".count("a"))`},
		{Name: "str.isdigit", Result: "bool", Prover: fold, Example: `print("12".isdigit(), "1a".isdigit())`},
		{Name: "str.isalpha", Result: "bool", Prover: fold, Example: `print("ab".isalpha())`},
		{Name: "str.isspace", Result: "bool", Prover: fold, Example: `print(" ".isspace())`},
		{Name: "str.islower", Result: "bool", Prover: fold, Example: `print("ab".islower())`},
		{Name: "str.isupper", Result: "bool", Prover: fold, Example: `print("AB".isupper())`},
		{Name: "str.istitle", Result: "bool", Prover: fold, Example: `print("Ab Cd".istitle())`},
		{Name: "str.zfill", Sig: Sig{Params: p("width"), PosOnly: 1, Min: 1}, Result: "str", Raises: p("MemoryError"), Prover: fold, Example: `print("-7".zfill(4))`},
		{Name: "str.center", Sig: Sig{Params: p("width", "fillchar"), PosOnly: 2, Min: 1}, Result: "str", Raises: p("MemoryError", "TypeError"), Prover: fold, Example: `print("a".center(4, "*"))`},
		{Name: "str.ljust", Sig: Sig{Params: p("width", "fillchar"), PosOnly: 2, Min: 1}, Result: "str", Raises: p("MemoryError", "TypeError"), Prover: fold, Example: `print("a".ljust(3, ".") + "|")`},
		{Name: "str.rjust", Sig: Sig{Params: p("width", "fillchar"), PosOnly: 2, Min: 1}, Result: "str", Raises: p("MemoryError", "TypeError"), Prover: fold, Example: `print("a".rjust(3))`},
		{Name: "str.partition", Sig: Sig{Params: p("sep"), PosOnly: 1, Min: 1}, Result: "tuple[str, str, str]", Raises: p("ValueError"), Prover: fold,
			Example: `print("a=b=c".partition("="))`},
		{Name: "str.rpartition", Sig: Sig{Params: p("sep"), PosOnly: 1, Min: 1}, Result: "tuple[str, str, str]", Raises: p("ValueError"), Prover: fold,
			Example: `print("a=b=c".rpartition("="))`},
		// list methods
		{Name: "list.append", Sig: Sig{Params: p("value"), PosOnly: 1, Min: 1}, Result: "None", Raises: p("MemoryError"), Mutates: true, Prover: enc,
			Example: "xs = [1]\nxs.append(2)\nprint(xs)"},
		{Name: "list.extend", Sig: Sig{Params: p("iterable"), PosOnly: 1, Min: 1}, Result: "None", Raises: p("MemoryError"), Mutates: true, Prover: enc,
			Example: "xs = [1]\nxs.extend([2, 3])\nprint(xs)"},
		{Name: "list.pop", Sig: Sig{Params: p("index"), PosOnly: 1}, Result: "the element", Raises: p("IndexError"), Mutates: true, Prover: never,
			Example: "xs = [1, 2, 3]\nprint(xs.pop(), xs.pop(0), xs)"},
		{Name: "list.insert", Sig: Sig{Params: p("index", "object"), PosOnly: 2, Min: 2}, Result: "None", Raises: p("MemoryError"), Mutates: true, Prover: never,
			Example: "xs = [1]\nxs.insert(0, 5)\nprint(xs)"},
		{Name: "list.index", Sig: Sig{Params: p("value"), PosOnly: 1, Min: 1}, Result: "int", Raises: p("ValueError"), Prover: fold,
			Example: `print([1, 2].index(2))`},
		{Name: "list.count", Sig: Sig{Params: p("value"), PosOnly: 1, Min: 1}, Result: "int", Prover: fold,
			Example: `print([1, 2, 1].count(1))`},
		{Name: "list.reverse", Result: "None", Mutates: true, Prover: never,
			Example: "xs = [1, 2]\nxs.reverse()\nprint(xs)"},
		{Name: "list.sort", Sig: Sig{KwOnly: p("key", "reverse")}, Result: "None", Mutates: true, Prover: never,
			Example: "xs = [2, 3, 1]\nxs.sort(reverse=True)\nprint(xs)"},
		{Name: "list.copy", Result: "list", Prover: fold,
			Example: "xs = [1]\nys = xs.copy()\nys.append(2)\nprint(xs, ys)"},
		{Name: "list.remove", Sig: Sig{Params: p("value"), PosOnly: 1, Min: 1}, Result: "None", Raises: p("ValueError"), Mutates: true, Prover: never,
			Example: "xs = [1, 2, 1]\nxs.remove(1)\nprint(xs)"},
		{Name: "list.clear", Result: "None", Mutates: true, Prover: never,
			Example: "xs = [1]\nxs.clear()\nprint(xs)"},
		// dict methods
		{Name: "dict.get", Sig: Sig{Params: p("key", "default"), PosOnly: 2, Min: 1}, Result: "the value or the default", Prover: enc,
			Example: "d = {\"a\": 1}\nprint(d.get(\"a\"), d.get(\"b\"), d.get(\"b\", 0))"},
		{Name: "dict.keys", Result: "an iteration helper", Prover: never,
			Example: "d = {\"a\": 1, \"b\": 2}\nprint(list(d.keys()))"},
		{Name: "dict.values", Result: "an iteration helper", Prover: never,
			Example: "d = {\"a\": 1, \"b\": 2}\nprint(list(d.values()))"},
		{Name: "dict.items", Result: "an iteration helper", Prover: never,
			Example: "d = {\"a\": 1, \"b\": 2}\nprint(list(d.items()))"},
		{Name: "dict.pop", Sig: Sig{Params: p("key", "default"), PosOnly: 2, Min: 1}, Result: "the value", Raises: p("KeyError"), Mutates: true, Prover: never,
			Example: "d = {\"a\": 1}\nprint(d.pop(\"a\"), d.pop(\"b\", 0), d)"},
		{Name: "dict.update", Sig: Sig{Params: p("other"), PosOnly: 1, Min: 1}, Result: "None", Mutates: true, Prover: never,
			Example: "d = {\"a\": 1}\nd.update({\"b\": 2, \"a\": 3})\nprint(d)"},
		{Name: "dict.setdefault", Sig: Sig{Params: p("key", "default"), PosOnly: 2, Min: 2}, Result: "the value", Mutates: true, Prover: never,
			Example: "d = {\"a\": 1}\nprint(d.setdefault(\"b\", 2), d.setdefault(\"a\", 5), d)"},
		{Name: "dict.copy", Result: "dict", Prover: never,
			Example: "d = {\"a\": 1}\ne = d.copy()\ne[\"b\"] = 2\nprint(d, e)"},
		// set methods
		{Name: "set.add", Sig: Sig{Params: p("elem"), PosOnly: 1, Min: 1}, Result: "None", Mutates: true, Prover: never,
			Example: "s = {1}\ns.add(2)\nprint(sorted(s))"},
		{Name: "set.discard", Sig: Sig{Params: p("elem"), PosOnly: 1, Min: 1}, Result: "None", Mutates: true, Prover: never,
			Example: "s = {1, 2}\ns.discard(1)\ns.discard(5)\nprint(sorted(s))"},
		{Name: "set.remove", Sig: Sig{Params: p("elem"), PosOnly: 1, Min: 1}, Result: "None", Raises: p("KeyError"), Mutates: true, Prover: never,
			Example: "s = {1, 2}\ns.remove(1)\nprint(sorted(s))"},
	}
	for i := range rows {
		r := &rows[i]
		if k, _, ok := strings.Cut(r.Name, "."); ok {
			r.Receiver = k
		}
		if r.Prover == ProverRefuses && r.ProverWhy == "" {
			switch {
			case r.Receiver == "dict":
				r.ProverWhy = "the prover has no model of dict methods yet"
			case r.Receiver == "set":
				r.ProverWhy = "the prover has no model of sets yet"
			case r.Mutates:
				r.ProverWhy = "the prover does not model this mutation yet"
			}
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].Name < rows[j].Name })
	return rows
}

// BuiltinInfo is one row of BuiltinTable.
type BuiltinInfo struct {
	Name     string // "len", "str.upper"
	Receiver string // "str", "list", "dict", "set" for a method; "" for a function
	Sig      Sig    // CPython 3.11's parameters, receiver excluded
	Result   string // the result, in words (the front end types it)
	// Raises are the exception classes the call may raise on arguments of
	// the right types (for example MemoryError past pysem.MaxAlloc, or
	// OverflowError past int64); empty when it never raises.
	Raises []string
	// Mutates says the call changes its receiver in place (every alias
	// sees it); Writes that it writes to the plan's stdout.
	Mutates, Writes bool
	// Prover says how the prover decides the call; ProverWhy why it
	// refuses one it never decides, ProverSymbolic what it decides on
	// symbolic arguments when that is more than ProverRefusal says.
	Prover         ProverSupport
	ProverWhy      string
	ProverSymbolic string
	// Example is a few statements of a plan function that call the
	// builtin on constants and print the result; every engine and
	// CPython must print the same.
	Example string
}

// Sig is the signature of a builtin, as CPython 3.11 declares it.
type Sig struct {
	Params  []string // positional parameters, in order
	PosOnly int      // the first PosOnly parameters take no keyword
	Min     int      // required positional parameters
	Varargs bool     // any number of positional arguments (print, min, max, zip)
	KwOnly  []string // keyword-only parameters
}

// ProverSupport says how the prover decides a builtin.
type ProverSupport int

const (
	// ProverEncodes: the prover encodes the call on symbolic arguments.
	ProverEncodes ProverSupport = iota + 1
	// ProverFolds: the prover decides the call when its arguments are
	// constants (folding it through the reference interpreter) and refuses
	// it on symbolic ones with ProverRefusal's words.
	ProverFolds
	// ProverRefuses: the prover refuses every call, with ProverRefusal's
	// words; the language still has it.
	ProverRefuses
)

// Pure reports whether a call neither raises (on well-typed arguments),
// nor mutates, nor writes: running it earlier, later, more often or not
// at all cannot be observed.
func (b BuiltinInfo) Pure() bool {
	return len(b.Raises) == 0 && !b.Mutates && !b.Writes
}

// ProverRefusal is the reason the prover gives when it cannot decide a
// call of b: always, for ProverRefuses, or on symbolic arguments, for
// ProverFolds. It says that the language has the builtin.
func (b BuiltinInfo) ProverRefusal() string {
	if b.Prover == ProverRefuses {
		return fmt.Sprintf("the prover cannot decide %s yet: %s (the language supports it, and a plan using it runs in every engine)", b.Name, b.ProverWhy)
	}
	switch {
	case b.Name == "chr":
		return "the prover cannot decide chr on a symbolic int yet; it can when the int is a constant"
	case b.Name == "ord":
		return "the prover cannot decide ord on a symbolic string yet; it can when the string is a constant"
	case b.Name == "abs":
		return "the prover cannot decide abs on a symbolic int yet; it can when the int is a constant"
	case b.Name == "min" || b.Name == "max":
		return fmt.Sprintf("the prover cannot decide %s on these symbolic values yet; it can on ints and strs (several values, or a list), and on constants", b.Name)
	case b.Receiver == "str":
		return fmt.Sprintf("the prover cannot decide %s on a symbolic string yet; it can when the string and the arguments are constants", b.Name)
	}
	return fmt.Sprintf("the prover cannot decide %s on symbolic arguments yet; it can when every argument is a constant", b.Name)
}

// builtinIndex is BuiltinTable by name, built once: the front end, Verify
// and the prover look a name up at every call, and building the table
// each time costs a third of a millisecond. It is never written after it
// is built, and LookupBuiltin hands out copies, so it is a constant, not
// state.
var builtinIndex = sync.OnceValue(func() map[string]BuiltinInfo {
	m := map[string]BuiltinInfo{}
	for _, b := range BuiltinTable() {
		m[b.Name] = b
	}
	return m
})

// LookupBuiltin returns (a copy of) the row of BuiltinTable named name.
func LookupBuiltin(name string) (BuiltinInfo, bool) {
	b, ok := builtinIndex()[name]
	if !ok {
		return BuiltinInfo{}, false
	}
	b.Sig.Params = slices.Clone(b.Sig.Params)
	b.Sig.KwOnly = slices.Clone(b.Sig.KwOnly)
	b.Raises = slices.Clone(b.Raises)
	return b, true
}

// IsBuiltin reports whether name is in BuiltinTable.
func IsBuiltin(name string) bool {
	_, ok := builtinIndex()[name]
	return ok
}
