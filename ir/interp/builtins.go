package interp

import (
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// bcall is one application of a builtin, its arguments evaluated.
type bcall struct {
	in   *interp
	fr   *frame
	e    *ir.Builtin
	pos  ir.Pos
	args []Value
	kw   map[string]Value
}

// params binds the call's arguments to the named parameters of the
// builtin (positional first, then keywords by name), CPython-style:
// names[i] == "" marks a positional-only parameter. required is how many
// must be given. It returns one slot per name (nil and false when absent).
func (c *bcall) params(required int, names ...string) ([]Value, []bool, error) {
	vals := make([]Value, len(names))
	given := make([]bool, len(names))
	if len(c.args) > len(names) {
		return nil, nil, internalf(c.pos, "%s takes at most %d arguments, got %d", c.e.Name, len(names), len(c.args))
	}
	for i, a := range c.args {
		vals[i], given[i] = a, true
	}
	for k, v := range c.kw {
		found := false
		for i, n := range names {
			if n == k {
				if given[i] {
					return nil, nil, internalf(c.pos, "%s got multiple values for argument '%s'", c.e.Name, k)
				}
				vals[i], given[i], found = v, true, true
			}
		}
		if !found {
			return nil, nil, internalf(c.pos, "%s got an unexpected keyword argument '%s'", c.e.Name, k)
		}
	}
	for i := 0; i < required; i++ {
		if !given[i] {
			return nil, nil, internalf(c.pos, "%s is missing argument %d", c.e.Name, i+1)
		}
	}
	return vals, given, nil
}

func (c *bcall) typeErr(format string, args ...any) error {
	return raise(c.pos, "TypeError", format, args...)
}

func (c *bcall) intArg(v Value) (int64, error) {
	if n, ok := asInt(v); ok {
		return n, nil
	}
	return 0, c.typeErr("'%s' object cannot be interpreted as an integer", typeName(v))
}

func (c *bcall) strArg(v Value) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	return "", c.typeErr("must be str, not %s", typeName(v))
}

// iter is iter(v) where v was already evaluated.
func (c *bcall) iter(v Value) (iterator, error) { return iterValue(c.pos, v) }

// elems drains an iterable value.
func (c *bcall) elems(v Value) ([]Value, error) {
	switch x := v.(type) {
	case *List:
		return append([]Value{}, x.Elems...), nil
	case Tuple:
		return append([]Value{}, x...), nil
	}
	it, err := c.iter(v)
	if err != nil {
		return nil, err
	}
	return c.in.collect(it)
}

// key applies the key= lambda, if any.
func (c *bcall) key(v Value) (Value, error) {
	if c.e.Key == nil {
		return v, nil
	}
	// CPython: the builtin's frame and the lambda's frame.
	if err := c.in.enter(c.pos, 2); err != nil {
		return nil, err
	}
	defer func() { c.in.depth -= 2 }()
	return c.in.callLambda(c.fr, c.e.Key, v)
}

func (in *interp) builtin(fr *frame, e *ir.Builtin) (Value, error) {
	switch e.Name {
	case "enumerate", "zip", "reversed", "dict.keys", "dict.values", "dict.items":
		// Iteration helpers: lazy inside loops (see iterate), a list here.
		it, err := in.iterate(fr, e)
		if err != nil {
			return nil, err
		}
		elems, err := in.collect(it)
		if err != nil {
			return nil, err
		}
		return &List{Elems: elems}, nil
	}
	args, err := in.evalAll(fr, e.Args)
	if err != nil {
		return nil, err
	}
	var kw map[string]Value
	if len(e.Keywords) > 0 {
		kw = map[string]Value{}
		for _, k := range e.Keywords {
			v, err := in.eval(fr, k.Value)
			if err != nil {
				return nil, err
			}
			if _, dup := kw[k.Name]; dup {
				return nil, internalf(e.Pos, "%s: keyword %s given twice", e.Name, k.Name)
			}
			kw[k.Name] = v
		}
	}
	c := &bcall{in: in, fr: fr, e: e, pos: e.Pos, args: args, kw: kw}
	if e.Key != nil {
		switch e.Name {
		case "sorted", "min", "max", "list.sort":
		default:
			return nil, internalf(e.Pos, "%s takes no key=", e.Name)
		}
	}
	if dot := strings.IndexByte(e.Name, '.'); dot >= 0 {
		if len(args) == 0 {
			return nil, internalf(e.Pos, "method %s without a receiver", e.Name)
		}
		recv := args[0]
		c.args = args[1:]
		method := e.Name[dot+1:]
		switch e.Name[:dot] {
		case "str":
			s, ok := recv.(string)
			if !ok {
				return nil, noAttr(e.Pos, recv, method)
			}
			return c.strMethod(s, method)
		case "list":
			l, ok := recv.(*List)
			if !ok {
				return nil, noAttr(e.Pos, recv, method)
			}
			return c.listMethod(l, method)
		case "dict":
			d, ok := recv.(*Dict)
			if !ok {
				return nil, noAttr(e.Pos, recv, method)
			}
			return c.dictMethod(d, method)
		case "set":
			s, ok := recv.(*Set)
			if !ok {
				return nil, noAttr(e.Pos, recv, method)
			}
			return c.setMethod(s, method)
		}
		return nil, internalf(e.Pos, "unknown builtin %s", e.Name)
	}
	return c.function(e.Name)
}

func noAttr(pos ir.Pos, recv Value, name string) error {
	return raise(pos, "AttributeError", "'%s' object has no attribute '%s'", typeName(recv), name)
}

func (c *bcall) function(name string) (Value, error) {
	switch name {
	case "len":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		switch x := p[0].(type) {
		case string:
			return strLen(x), nil
		case *List:
			return int64(len(x.Elems)), nil
		case Tuple:
			return int64(len(x)), nil
		case *Dict:
			return int64(x.Len()), nil
		case *Set:
			return int64(x.Len()), nil
		case rangeVal:
			return rangeLen(c.pos, x)
		}
		return nil, c.typeErr("object of type '%s' has no len()", typeName(p[0]))
	case "str", "repr":
		p, given, err := c.params(0, "object")
		if err != nil {
			return nil, err
		}
		if !given[0] {
			return "", nil
		}
		if name == "repr" {
			return repr(p[0]), nil
		}
		return str(p[0]), nil
	case "bool":
		p, _, err := c.params(0, "")
		if err != nil {
			return nil, err
		}
		return truthy(p[0]), nil
	case "int":
		return c.toInt()
	case "float":
		return c.toFloat()
	case "abs":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		switch x := p[0].(type) {
		case int64:
			if x < 0 {
				return negInt(c.pos, x)
			}
			return x, nil
		case bool:
			n, _ := asInt(x)
			return n, nil
		case float64:
			return math.Abs(x), nil
		}
		return nil, c.typeErr("bad operand type for abs(): '%s'", typeName(p[0]))
	case "min", "max":
		return c.minMax(name)
	case "sum":
		p, given, err := c.params(1, "", "start")
		if err != nil {
			return nil, err
		}
		var acc Value = int64(0)
		if given[1] {
			acc = p[1]
			switch acc.(type) {
			case string:
				return nil, c.typeErr("sum() can't sum strings [use ''.join(seq) instead]")
			}
		}
		it, err := c.iter(p[0])
		if err != nil {
			return nil, err
		}
		for {
			v, ok, err := it.next()
			if err != nil {
				return nil, err
			}
			if !ok {
				return acc, nil
			}
			if acc, err = arith(c.pos, ir.Add, acc, v); err != nil {
				return nil, err
			}
		}
	case "ord":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		s, ok := p[0].(string)
		if !ok {
			return nil, c.typeErr("ord() expected string of length 1, but %s found", typeName(p[0]))
		}
		if n := utf8.RuneCountInString(s); n != 1 {
			return nil, c.typeErr("ord() expected a character, but string of length %d found", n)
		}
		r, _ := utf8.DecodeRuneInString(s)
		return int64(r), nil
	case "chr":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		n, err := c.intArg(p[0])
		if err != nil {
			return nil, err
		}
		if n < 0 || n > 0x10ffff {
			return nil, raise(c.pos, "ValueError", "chr() arg not in range(0x110000)")
		}
		if n >= 0xd800 && n < 0xe000 {
			return nil, internalf(c.pos, "chr(%d) is a lone surrogate, which this interpreter cannot hold in a str", n)
		}
		return string(rune(n)), nil
	case "sorted":
		p, _, err := c.params(1, "", "reverse")
		if err != nil {
			return nil, err
		}
		elems, err := c.elems(p[0])
		if err != nil {
			return nil, err
		}
		if err := c.sort(elems, p[1]); err != nil {
			return nil, err
		}
		return &List{Elems: elems}, nil
	case "list", "tuple", "set":
		p, given, err := c.params(0, "")
		if err != nil {
			return nil, err
		}
		var elems []Value
		if given[0] {
			if elems, err = c.elems(p[0]); err != nil {
				return nil, err
			}
		}
		switch name {
		case "list":
			if elems == nil {
				elems = []Value{}
			}
			return &List{Elems: elems}, nil
		case "tuple":
			return Tuple(elems), nil
		}
		s := NewSet()
		for _, x := range elems {
			if n, ok := hashable(x); !ok {
				return nil, c.typeErr("unhashable type: '%s'", n)
			}
			s.Add(x)
		}
		return s, nil
	case "dict":
		p, given, err := c.params(0, "")
		if err != nil {
			return nil, err
		}
		d := NewDict()
		if given[0] {
			if err := c.dictUpdate(d, p[0]); err != nil {
				return nil, err
			}
		}
		return d, nil
	case "print":
		return c.print()
	case "round":
		return c.round()
	case "any", "all":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		it, err := c.iter(p[0])
		if err != nil {
			return nil, err
		}
		for {
			v, ok, err := it.next()
			if err != nil {
				return nil, err
			}
			if !ok {
				return name == "all", nil
			}
			if truthy(v) == (name == "any") {
				return name == "any", nil
			}
		}
	}
	return nil, internalf(c.pos, "unknown builtin %s", name)
}

func (c *bcall) print() (Value, error) {
	sep, end := " ", "\n"
	for k, v := range c.kw {
		switch k {
		case "sep", "end":
			if v == nil {
				continue
			}
			s, ok := v.(string)
			if !ok {
				return nil, c.typeErr("%s must be None or a string, not %s", k, typeName(v))
			}
			if k == "sep" {
				sep = s
			} else {
				end = s
			}
		default:
			return nil, internalf(c.pos, "print got an unexpected keyword argument '%s'", k)
		}
	}
	var b strings.Builder
	for i, a := range c.args {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(str(a))
	}
	b.WriteString(end)
	if _, err := io.WriteString(c.in.out, b.String()); err != nil {
		return nil, fmt.Errorf("%s: print: %w", c.pos, err)
	}
	return nil, nil
}

func (c *bcall) minMax(name string) (Value, error) {
	var def Value
	hasDef := false
	for k, v := range c.kw {
		if k != "default" {
			return nil, internalf(c.pos, "%s got an unexpected keyword argument '%s'", name, k)
		}
		def, hasDef = v, true
	}
	var it iterator
	switch len(c.args) {
	case 0:
		return nil, c.typeErr("%s expected at least 1 argument, got 0", name)
	case 1:
		var err error
		if it, err = c.iter(c.args[0]); err != nil {
			return nil, err
		}
	default:
		if hasDef {
			return nil, c.typeErr("Cannot specify a default for %s() with multiple positional arguments", name)
		}
		it = &sliceIter{s: c.args}
	}
	op := ir.Lt
	if name == "max" {
		op = ir.Gt
	}
	var best, bestKey Value
	found := false
	for {
		v, ok, err := it.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		k, err := c.key(v)
		if err != nil {
			return nil, err
		}
		if !found {
			best, bestKey, found = v, k, true
			continue
		}
		better, err := order(c.pos, op, k, bestKey)
		if err != nil {
			return nil, err
		}
		if better {
			best, bestKey = v, k
		}
	}
	if !found {
		if hasDef {
			return def, nil
		}
		return nil, raise(c.pos, "ValueError", "%s() arg is an empty sequence", name)
	}
	return best, nil
}

// sort sorts elems in place as list.sort does: keys first (in order),
// then CPython's timsort on them, stable, reverse keeping stability.
func (c *bcall) sort(elems []Value, reverse Value) error {
	rev := false
	if reverse != nil {
		r, ok := asInt(reverse)
		if !ok {
			return c.typeErr("'%s' object cannot be interpreted as an integer", typeName(reverse))
		}
		rev = r != 0
	}
	keys := elems
	if c.e.Key != nil {
		keys = make([]Value, len(elems))
		for i, v := range elems {
			k, err := c.key(v)
			if err != nil {
				return err
			}
			keys[i] = k
		}
	}
	return timsort(c.pos, keys, elems, rev)
}

func (c *bcall) dictUpdate(d *Dict, src Value) error {
	if s, ok := src.(*Dict); ok {
		for _, it := range s.Items() {
			d.Set(it[0], it[1])
		}
		return nil
	}
	it, err := c.iter(src)
	if err != nil {
		return c.typeErr("'%s' object is not iterable", typeName(src))
	}
	for i := 0; ; i++ {
		v, ok, err := it.next()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		var pair []Value
		switch p := v.(type) {
		case Tuple:
			pair = p
		case *List:
			pair = p.Elems
		case string:
			for _, r := range p {
				pair = append(pair, string(r))
			}
		default:
			return c.typeErr("cannot convert dictionary update sequence element #%d to a sequence", i)
		}
		if len(pair) != 2 {
			return raise(c.pos, "ValueError", "dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
		}
		if n, ok := hashable(pair[0]); !ok {
			return c.typeErr("unhashable type: '%s'", n)
		}
		d.Set(pair[0], pair[1])
	}
}

func (c *bcall) strMethod(s, m string) (Value, error) {
	switch m {
	case "upper", "lower", "title", "capitalize", "isdigit", "isalpha", "isspace":
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		switch m {
		case "upper":
			return pysem.Upper(s), nil
		case "lower":
			return pysem.Lower(s), nil
		case "title":
			return pysem.Title(s), nil
		case "capitalize":
			return pysem.Capitalize(s), nil
		case "isdigit":
			return strAll(s, pysem.IsDigit), nil
		case "isalpha":
			return strAll(s, pysem.IsAlpha), nil
		}
		return strAll(s, pysem.IsSpace), nil
	case "strip", "lstrip", "rstrip":
		p, _, err := c.params(0, "")
		if err != nil {
			return nil, err
		}
		if p[0] != nil {
			if _, ok := p[0].(string); !ok {
				return nil, c.typeErr("%s arg must be None or str", m)
			}
		}
		return strStrip(s, p[0], m != "rstrip", m != "lstrip"), nil
	case "split":
		p, given, err := c.params(0, "sep", "maxsplit")
		if err != nil {
			return nil, err
		}
		maxsplit := int64(-1)
		if given[1] {
			if maxsplit, err = c.intArg(p[1]); err != nil {
				return nil, err
			}
		}
		parts, err := strSplit(c.pos, s, p[0], maxsplit)
		if err != nil {
			return nil, err
		}
		return &List{Elems: parts}, nil
	case "join":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		elems, err := c.elems(p[0])
		if err != nil {
			return nil, c.typeErr("can only join an iterable")
		}
		parts := make([]string, len(elems))
		for i, x := range elems {
			xs, ok := x.(string)
			if !ok {
				return nil, c.typeErr("sequence item %d: expected str instance, %s found", i, typeName(x))
			}
			parts[i] = xs
		}
		if !pysem.JoinFits(s, parts) {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		return strings.Join(parts, s), nil
	case "replace":
		p, given, err := c.params(2, "", "", "")
		if err != nil {
			return nil, err
		}
		old, err := c.strArg(p[0])
		if err != nil {
			return nil, err
		}
		repl, err := c.strArg(p[1])
		if err != nil {
			return nil, err
		}
		n := int64(-1)
		if given[2] {
			if n, err = c.intArg(p[2]); err != nil {
				return nil, err
			}
		}
		if n < 0 || n > math.MaxInt32 {
			n = -1
		}
		if !pysem.ReplaceFits(s, old, repl, n) {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		return strings.Replace(s, old, repl, int(n)), nil
	case "startswith", "endswith":
		// The table's form only: one str, no start, end or tuple.
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		x, ok := p[0].(string)
		if !ok {
			return nil, c.typeErr("%s first arg must be str or a tuple of str, not %s", m, typeName(p[0]))
		}
		if m == "endswith" {
			return strings.HasSuffix(s, x), nil
		}
		return strings.HasPrefix(s, x), nil
	case "find", "count":
		// The table's form only: no start or end.
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		sub, ok := p[0].(string)
		if !ok {
			return nil, c.typeErr("must be str, not %s", typeName(p[0]))
		}
		if m == "find" {
			return strFind(s, sub), nil
		}
		return strCount(s, sub), nil
	case "zfill":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		w, err := c.intArg(p[0])
		if err != nil {
			return nil, err
		}
		if w > pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		return strZfill(s, w), nil
	case "splitlines":
		// The table's form only: no keepends.
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		return &List{Elems: strSplitlines(s)}, nil
	}
	if v, err, ok := c.strMethodMore(s, m); ok {
		return v, err
	}
	return nil, internalf(c.pos, "unknown builtin str.%s", m)
}

func (c *bcall) listMethod(l *List, m string) (Value, error) {
	switch m {
	case "append":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		if len(l.Elems) >= pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		l.Elems = append(l.Elems, p[0])
		return nil, nil
	case "extend":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		elems, err := c.elems(p[0])
		if err != nil {
			return nil, err
		}
		if len(l.Elems)+len(elems) > pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		l.Elems = append(l.Elems, elems...)
		return nil, nil
	case "pop":
		p, given, err := c.params(0, "")
		if err != nil {
			return nil, err
		}
		n := int64(len(l.Elems))
		if n == 0 {
			return nil, raise(c.pos, "IndexError", "pop from empty list")
		}
		i := n - 1
		if given[0] {
			if i, err = c.intArg(p[0]); err != nil {
				return nil, err
			}
			if i < 0 {
				i += n
			}
			if i < 0 || i >= n {
				return nil, raise(c.pos, "IndexError", "pop index out of range")
			}
		}
		v := l.Elems[i]
		copy(l.Elems[i:], l.Elems[i+1:])
		l.Elems[n-1] = nil
		l.Elems = l.Elems[:n-1]
		return v, nil
	case "insert":
		p, _, err := c.params(2, "", "")
		if err != nil {
			return nil, err
		}
		i, err := c.intArg(p[0])
		if err != nil {
			return nil, err
		}
		if len(l.Elems) >= pysem.MaxAlloc {
			return nil, &Exception{Class: "MemoryError", Pos: c.pos}
		}
		i = pysem.InsertIndex(i, int64(len(l.Elems)))
		l.Elems = append(l.Elems, nil)
		copy(l.Elems[i+1:], l.Elems[i:])
		l.Elems[i] = p[1]
		return nil, nil
	case "index":
		// The table's form only: no start or stop.
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		for i := 0; i < len(l.Elems); i++ {
			if eq(l.Elems[i], p[0]) {
				return int64(i), nil
			}
		}
		return nil, raise(c.pos, "ValueError", "%s is not in list", repr(p[0]))
	case "count":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		n := int64(0)
		for _, x := range l.Elems {
			if eq(x, p[0]) {
				n++
			}
		}
		return n, nil
	case "reverse":
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		for i, j := 0, len(l.Elems)-1; i < j; i, j = i+1, j-1 {
			l.Elems[i], l.Elems[j] = l.Elems[j], l.Elems[i]
		}
		return nil, nil
	case "sort":
		p, _, err := c.params(0, "reverse")
		if err != nil {
			return nil, err
		}
		// CPython empties the list while it sorts: a key function sees
		// it empty, and any change to it is an error.
		elems := l.Elems
		l.Elems = []Value{}
		empty := l.Elems
		err = c.sort(elems, p[0])
		modified := len(l.Elems) != 0 || cap(l.Elems) != cap(empty)
		_ = empty
		l.Elems = elems
		if err != nil {
			return nil, err
		}
		if modified {
			return nil, raise(c.pos, "ValueError", "list modified during sort")
		}
		return nil, nil
	case "copy":
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		return &List{Elems: append([]Value{}, l.Elems...)}, nil
	case "clear":
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		l.Elems = []Value{}
		return nil, nil
	case "remove":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		for i, x := range l.Elems {
			if eq(x, p[0]) {
				l.Elems = append(l.Elems[:i], l.Elems[i+1:]...)
				return nil, nil
			}
		}
		return nil, raise(c.pos, "ValueError", "list.remove(x): x not in list")
	}
	return nil, internalf(c.pos, "unknown builtin list.%s", m)
}

func (c *bcall) checkKey(k Value) error {
	if n, ok := hashable(k); !ok {
		return c.typeErr("unhashable type: '%s'", n)
	}
	return nil
}

func (c *bcall) dictMethod(d *Dict, m string) (Value, error) {
	switch m {
	case "get":
		p, _, err := c.params(1, "", "")
		if err != nil {
			return nil, err
		}
		if err := c.checkKey(p[0]); err != nil {
			return nil, err
		}
		if v, ok := d.Get(p[0]); ok {
			return v, nil
		}
		return p[1], nil
	case "pop":
		p, given, err := c.params(1, "", "")
		if err != nil {
			return nil, err
		}
		if err := c.checkKey(p[0]); err != nil {
			return nil, err
		}
		if v, ok := d.Get(p[0]); ok {
			d.Delete(p[0])
			return v, nil
		}
		if given[1] {
			return p[1], nil
		}
		return nil, raise(c.pos, "KeyError", "%s", repr(p[0]))
	case "update":
		p, _, err := c.params(1, "")
		if err != nil {
			return nil, err
		}
		return nil, c.dictUpdate(d, p[0])
	case "setdefault":
		p, _, err := c.params(1, "", "")
		if err != nil {
			return nil, err
		}
		if err := c.checkKey(p[0]); err != nil {
			return nil, err
		}
		if v, ok := d.Get(p[0]); ok {
			return v, nil
		}
		d.Set(p[0], p[1])
		return p[1], nil
	case "copy":
		if _, _, err := c.params(0); err != nil {
			return nil, err
		}
		return d.Copy(), nil
	}
	return nil, internalf(c.pos, "unknown builtin dict.%s", m)
}

func (c *bcall) setMethod(s *Set, m string) (Value, error) {
	p, _, err := c.params(1, "")
	if err != nil {
		return nil, err
	}
	if err := c.checkKey(p[0]); err != nil {
		return nil, err
	}
	switch m {
	case "add":
		s.Add(p[0])
		return nil, nil
	case "discard":
		s.Remove(p[0])
		return nil, nil
	case "remove":
		if !s.Remove(p[0]) {
			return nil, raise(c.pos, "KeyError", "%s", repr(p[0]))
		}
		return nil, nil
	}
	return nil, internalf(c.pos, "unknown builtin set.%s", m)
}
