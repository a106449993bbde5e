package ir

// Builtins names every builtin function and method a Builtin node may
// apply. Methods are spelled "<receiver type>.<method>" with the receiver
// as the first argument. The front end refuses any other call, the
// interpreter and the generator implement every name here, and the prover
// refuses the names it cannot encode.
//
// Iteration helpers (enumerate, zip, reversed, dict.keys, dict.values,
// dict.items) are typed as lists; the front end allows them only where
// their result is iterated or consumed whole (for, comprehensions, list,
// sorted, set, dict, sum, min, max, len), so their lazy nature in CPython
// is never observable.
var Builtins = map[string]bool{
	// functions
	"len": true, "str": true, "repr": true, "int": true, "float": true, "bool": true,
	"abs": true, "min": true, "max": true, "sum": true, "ord": true, "chr": true,
	"enumerate": true, "zip": true, "sorted": true, "reversed": true,
	"list": true, "dict": true, "set": true, "tuple": true, "print": true, "round": true,
	"any": true, "all": true,
	// str methods
	"str.upper": true, "str.lower": true, "str.strip": true, "str.lstrip": true, "str.rstrip": true,
	"str.split": true, "str.join": true, "str.replace": true, "str.startswith": true, "str.endswith": true,
	"str.find": true, "str.count": true, "str.isdigit": true, "str.isalpha": true, "str.isspace": true,
	"str.title": true, "str.capitalize": true, "str.zfill": true, "str.splitlines": true,
	"str.index": true, "str.rfind": true, "str.rindex": true, "str.center": true, "str.ljust": true,
	"str.rjust": true, "str.swapcase": true, "str.islower": true, "str.isupper": true, "str.istitle": true,
	"str.rsplit": true, "str.partition": true, "str.rpartition": true,
	// list methods
	"list.append": true, "list.extend": true, "list.pop": true, "list.insert": true, "list.index": true,
	"list.count": true, "list.reverse": true, "list.sort": true, "list.copy": true, "list.remove": true,
	"list.clear": true,
	// dict methods
	"dict.get": true, "dict.keys": true, "dict.values": true, "dict.items": true, "dict.pop": true,
	"dict.update": true, "dict.setdefault": true, "dict.copy": true,
	// set methods
	"set.add": true, "set.discard": true, "set.remove": true,
}
