package interp

import "unicode/utf8"

// The character database is CPython's, shared with the other engines in
// package pysem (generated there from CPython itself), not Go's unicode
// package: the two follow different Unicode versions, and Python's str
// methods use full (special-casing) mappings.

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
