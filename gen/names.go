package gen

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"
)

// Naming: plan functions and locals become lowerCamelCase Go identifiers
// (send_report -> sendReport, total_amount -> totalAmount); the target
// `main` becomes planMain, since Go's main is the entry point. Row types
// keep their Python class name; row fields become exported CamelCase
// (user_id -> UserId). A name that is a Go keyword, a predeclared
// identifier or an imported package gets a trailing underscore (type ->
// type_, len -> len_); two Python names that map to one Go name get
// numeric suffixes (x, x2).

// predeclared are Go's predeclared identifiers, which generated code must
// not shadow (it uses some of them and shadowing confuses a reader).
var predeclared = map[string]bool{
	"any": true, "append": true, "bool": true, "byte": true, "cap": true, "clear": true, "close": true,
	"comparable": true, "complex": true, "complex64": true, "complex128": true, "copy": true, "delete": true,
	"error": true, "false": true, "float32": true, "float64": true, "imag": true, "int": true, "int8": true,
	"int16": true, "int32": true, "int64": true, "iota": true, "len": true, "make": true, "max": true,
	"min": true, "new": true, "nil": true, "panic": true, "print": true, "println": true, "real": true,
	"recover": true, "rune": true, "string": true, "true": true, "uint": true, "uint8": true, "uint16": true,
	"uint32": true, "uint64": true, "uintptr": true, "init": true, "main": true, "_": true,
}

// camel converts a Python identifier to lowerCamelCase (upper when
// exported is set).
func camel(name string, exported bool) string {
	parts := strings.Split(name, "_")
	var b strings.Builder
	for _, p := range parts {
		if p == "" {
			continue
		}
		rs := []rune(p)
		if b.Len() == 0 && !exported {
			rs[0] = unicode.ToLower(rs[0])
		} else {
			rs[0] = unicode.ToUpper(rs[0])
		}
		b.WriteString(string(rs))
	}
	if b.Len() == 0 {
		if exported {
			return "V"
		}
		return "v"
	}
	s := b.String()
	if r := []rune(s)[0]; !unicode.IsLetter(r) {
		if exported {
			s = "V" + s
		} else {
			s = "v" + s
		}
	}
	return s
}

// scope hands out unique Go identifiers.
type scope struct {
	used   map[string]bool
	parent *scope
}

func newScope(parent *scope) *scope { return &scope{used: map[string]bool{}, parent: parent} }

func (s *scope) taken(name string) bool {
	for x := s; x != nil; x = x.parent {
		if x.used[name] {
			return true
		}
	}
	return false
}

// reserve marks a name used as is.
func (s *scope) reserve(name string) { s.used[name] = true }

// fresh returns base, or base with a suffix, unused in this scope chain.
func (s *scope) fresh(base string) string {
	if token.IsKeyword(base) || predeclared[base] {
		base += "_"
	}
	name := base
	for i := 2; s.taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	s.used[name] = true
	return name
}
