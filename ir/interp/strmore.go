package interp

import (
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/pysem"
)

// The str methods of the second set: index, rfind, rindex, center, ljust,
// rjust, swapcase, islower, isupper, istitle, rsplit, partition and
// rpartition, with CPython 3.11's results and messages.

// strMethodMore runs the method m of the second set; ok is false for
// any other name.
func (c *bcall) strMethodMore(s, m string) (v Value, err error, ok bool) {
	switch m {
	case "index", "rfind", "rindex":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err, true
		}
		sub, ok := p[0].(string)
		if !ok {
			return nil, c.typeErr("must be str, not %s", typeName(p[0])), true
		}
		var i int64
		if m == "index" {
			i = strFind(s, sub)
		} else {
			i = strRFind(s, sub)
		}
		if i < 0 && m != "rfind" {
			return nil, raise(c.pos, "ValueError", "substring not found"), true
		}
		return i, nil, true
	case "center", "ljust", "rjust":
		p, given, err := c.params(1, "", "")
		if err != nil {
			return nil, err, true
		}
		w, err := c.intArg(p[0])
		if err != nil {
			return nil, err, true
		}
		fill := " "
		if given[1] {
			f, ok := p[1].(string)
			if !ok {
				return nil, c.typeErr("%s() argument 2 must be str, not %s", m, typeName(p[1])), true
			}
			fill = f
		}
		if utf8.RuneCountInString(fill) != 1 {
			return nil, c.typeErr("The fill character must be exactly one character long"), true
		}
		n := strLen(s)
		if n >= w {
			return s, nil, true
		}
		if w > pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}, true
		}
		marg := w - n
		var left int64
		switch m {
		case "center":
			left = marg/2 + (marg & w & 1)
		case "rjust":
			left = marg
		}
		return strings.Repeat(fill, int(left)) + s + strings.Repeat(fill, int(marg-left)), nil, true
	case "swapcase", "islower", "isupper", "istitle":
		if _, _, err := c.params(0); err != nil {
			return nil, err, true
		}
		switch m {
		case "swapcase":
			return pysem.SwapCase(s), nil, true
		case "islower":
			return pysem.StrIsLower(s), nil, true
		case "isupper":
			return pysem.StrIsUpper(s), nil, true
		}
		return pysem.StrIsTitle(s), nil, true
	case "rsplit":
		p, given, err := c.params(0, "sep", "maxsplit")
		if err != nil {
			return nil, err, true
		}
		maxsplit := int64(-1)
		if given[1] {
			if maxsplit, err = c.intArg(p[1]); err != nil {
				return nil, err, true
			}
		}
		parts, err := strRSplit(c, s, p[0], maxsplit)
		if err != nil {
			return nil, err, true
		}
		return &List{Elems: parts}, nil, true
	case "partition", "rpartition":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err, true
		}
		sep, ok := p[0].(string)
		if !ok {
			return nil, c.typeErr("must be str, not %s", typeName(p[0])), true
		}
		if sep == "" {
			return nil, raise(c.pos, "ValueError", "empty separator"), true
		}
		if m == "partition" {
			if before, after, found := strings.Cut(s, sep); found {
				return Tuple{before, sep, after}, nil, true
			}
			return Tuple{s, "", ""}, nil, true
		}
		if k := strings.LastIndex(s, sep); k >= 0 {
			return Tuple{s[:k], sep, s[k+len(sep):]}, nil, true
		}
		return Tuple{"", "", s}, nil, true
	}
	return nil, nil, false
}

// strRFind is str.rfind(sub) in code points.
func strRFind(s, sub string) int64 {
	i := strings.LastIndex(s, sub)
	if i < 0 {
		return -1
	}
	return int64(utf8.RuneCountInString(s[:i]))
}

// strRSplit is str.rsplit(sep, maxsplit).
func strRSplit(c *bcall, s string, sep Value, maxsplit int64) ([]Value, error) {
	out := []Value{}
	if sep == nil {
		for _, p := range pysem.RSplitWhitespace(s, maxsplit) {
			out = append(out, p)
		}
		return out, nil
	}
	sp, ok := sep.(string)
	if !ok {
		return nil, c.typeErr("must be str or None, not %s", typeName(sep))
	}
	if sp == "" {
		return nil, raise(c.pos, "ValueError", "empty separator")
	}
	for _, p := range pysem.RSplitSep(s, sp, maxsplit) {
		out = append(out, p)
	}
	return out, nil
}
