package planrt

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// JSON writes v as Python's json.dumps(v, ensure_ascii=False,
// separators=(",", ":")) does: compact, non-ASCII raw, no HTML escaping,
// floats as repr (NaN, Infinity, -Infinity), dicts in insertion order with
// keys converted to str like Python, tuples, lists and sets as arrays,
// rows as objects in field order.
func JSON(v any) string {
	var b strings.Builder
	appendJSON(&b, v)
	return b.String()
}

// appendJSONString is json.dumps(s, ensure_ascii=False).
func appendJSONString(b *strings.Builder, s string) { b.WriteString(pysem.JSONString(s)) }

func appendJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case string:
		appendJSONString(b, x)
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(pysem.JSONFloat(x))
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case NoneType, nil:
		b.WriteString("null")
	case optionalLike:
		if y, ok := x.optional(); ok {
			appendJSON(b, y)
		} else {
			b.WriteString("null")
		}
	case tupleLike:
		appendJSONArray(b, x.tupleItems())
	case dictLike:
		keys, vals := x.anyPairs()
		b.WriteByte('{')
		for i := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			appendJSONString(b, jsonKey(keys[i]))
			b.WriteByte(':')
			appendJSON(b, vals[i])
		}
		b.WriteByte('}')
	case listLike:
		appendJSONArray(b, x.anyItems())
	default:
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.Struct {
			typeError("Object of type " + TypeName(v) + " is not JSON serializable")
		}
		names, vals := rowFields(rv)
		b.WriteByte('{')
		for i := range names {
			if i > 0 {
				b.WriteByte(',')
			}
			appendJSONString(b, names[i])
			b.WriteByte(':')
			appendJSON(b, vals[i])
		}
		b.WriteByte('}')
	}
}

func appendJSONArray(b *strings.Builder, items []any) {
	b.WriteByte('[')
	for i, x := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		appendJSON(b, x)
	}
	b.WriteByte(']')
}

// jsonKey converts a dict key like json.dumps does.
func jsonKey(k any) string {
	switch x := unwrap(k).(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return pysem.JSONFloat(x)
	case bool:
		if x {
			return "true"
		}
		return "false"
	case NoneType:
		return "null"
	}
	typeError("keys must be str, int, float, bool or None, not " + TypeName(k))
	return ""
}

// ---- decoding ----

// jsonValue is a parsed JSON value: nil, bool, jsonNumber, string,
// []jsonValue or jsonObject (which keeps the order of its members).
type jsonValue any

type jsonNumber string

type jsonMember struct {
	Key   string
	Value jsonValue
}

type jsonObject []jsonMember

// parseJSON parses one JSON document (with Python's NaN, Infinity and
// -Infinity extensions).
func parseJSON(data string) (jsonValue, error) {
	p := &jsonParser{s: data}
	p.space()
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, p.errorf("extra data")
	}
	return v, nil
}

type jsonParser struct {
	s     string
	i     int
	depth int
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return decodeErrorf(DecodeInvalidJSON, "invalid JSON at offset %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *jsonParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *jsonParser) lit(word string) bool {
	if strings.HasPrefix(p.s[p.i:], word) {
		p.i += len(word)
		return true
	}
	return false
}

func (p *jsonParser) value() (jsonValue, error) {
	if p.i >= len(p.s) {
		return nil, p.errorf("unexpected end")
	}
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > 500 {
		return nil, p.errorf("nested too deeply")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		p.i++
		obj := jsonObject{}
		p.space()
		if p.lit("}") {
			return obj, nil
		}
		for {
			p.space()
			if p.i >= len(p.s) || p.s[p.i] != '"' {
				return nil, p.errorf("expected a string key")
			}
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			p.space()
			if !p.lit(":") {
				return nil, p.errorf("expected ':'")
			}
			p.space()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			replaced := false
			for i := range obj { // Python's json keeps the last duplicate, in the first position
				if obj[i].Key == k {
					obj[i].Value, replaced = v, true
				}
			}
			if !replaced {
				obj = append(obj, jsonMember{k, v})
			}
			p.space()
			if p.lit("}") {
				return obj, nil
			}
			if !p.lit(",") {
				return nil, p.errorf("expected ',' or '}'")
			}
		}
	case c == '[':
		p.i++
		arr := []jsonValue{}
		p.space()
		if p.lit("]") {
			return arr, nil
		}
		for {
			p.space()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			p.space()
			if p.lit("]") {
				return arr, nil
			}
			if !p.lit(",") {
				return nil, p.errorf("expected ',' or ']'")
			}
		}
	case c == '"':
		return p.str()
	case p.lit("true"):
		return true, nil
	case p.lit("false"):
		return false, nil
	case p.lit("null"):
		return nil, nil
	case p.lit("NaN"):
		return jsonNumber("NaN"), nil
	case p.lit("Infinity"):
		return jsonNumber("Infinity"), nil
	case p.lit("-Infinity"):
		return jsonNumber("-Infinity"), nil
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.i
		if p.s[p.i] == '-' {
			p.i++
		}
		digits := func() int {
			n := 0
			for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
				p.i++
				n++
			}
			return n
		}
		if digits() == 0 {
			return nil, p.errorf("bad number")
		}
		if p.i < len(p.s) && p.s[p.i] == '.' {
			p.i++
			if digits() == 0 {
				return nil, p.errorf("bad number")
			}
		}
		if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
			p.i++
			if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
				p.i++
			}
			if digits() == 0 {
				return nil, p.errorf("bad number")
			}
		}
		return jsonNumber(p.s[start:p.i]), nil
	}
	return nil, p.errorf("unexpected character %q", p.s[p.i])
}

func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	var b strings.Builder
	for {
		if p.i >= len(p.s) {
			return "", p.errorf("unterminated string")
		}
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c == '\\':
			if p.i+1 >= len(p.s) {
				return "", p.errorf("bad escape")
			}
			e := p.s[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, err := p.hex4()
				if err != nil {
					return "", err
				}
				if r >= 0xd800 && r < 0xdc00 && strings.HasPrefix(p.s[p.i:], `\u`) {
					p.i += 2
					r2, err := p.hex4()
					if err != nil {
						return "", err
					}
					if r2 >= 0xdc00 && r2 < 0xe000 {
						r = (r-0xd800)<<10 + (r2 - 0xdc00) + 0x10000
					} else {
						return "", p.errorf("unpaired surrogate")
					}
				} else if r >= 0xd800 && r < 0xe000 {
					return "", p.errorf("unpaired surrogate")
				}
				b.WriteRune(r)
			default:
				return "", p.errorf("bad escape")
			}
		case c < 0x20:
			return "", p.errorf("control character in string")
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

func (p *jsonParser) hex4() (rune, error) {
	if p.i+4 > len(p.s) {
		return 0, p.errorf("bad \\u escape")
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil {
		return 0, p.errorf("bad \\u escape")
	}
	p.i += 4
	return rune(v), nil
}

// jsonDecoder is implemented (with pointer receivers) by the runtime's
// containers, Optional and tuples.
type jsonDecoder interface {
	decodeJSON(v jsonValue) error
}

var jsonDecoderType = reflect.TypeFor[jsonDecoder]()

// DecodeError is why a JSON value (an effects file's result, an --arg)
// does not fit the Python type it must have. The layers that say where
// in the value (item 1, field x, key "k") wrap it with %w, so errors.As
// finds it through them; its message is the words the refusal has always
// had.
type DecodeError struct {
	Kind  DecodeKind
	msg   string
	cause error // the parser's own error, when there is one
}

func (e *DecodeError) Error() string { return e.msg }
func (e *DecodeError) Unwrap() error { return e.cause }

func decodeErrorf(kind DecodeKind, format string, args ...any) error {
	return &DecodeError{Kind: kind, msg: fmt.Sprintf(format, args...)}
}

// DecodeKind is what kind of misfit a DecodeError is.
type DecodeKind int

const (
	DecodeInvalidJSON  DecodeKind = iota + 1 // not one JSON document
	DecodeWrongType                          // a JSON value of another type
	DecodeIntTooBig                          // an int that does not fit in 64 bits
	DecodeRuneTooLarge                       // a str with a character the prover does not represent
	DecodeMissingField                       // a row without one of its fields
	DecodeUnknownField                       // a row with a field its class does not have
	DecodeTupleLength                        // a tuple of another length
	DecodeUnsupported                        // a Go type no Python value decodes into
)

func (k DecodeKind) String() string {
	switch k {
	case DecodeInvalidJSON:
		return "invalid JSON"
	case DecodeWrongType:
		return "wrong type"
	case DecodeIntTooBig:
		return "int too big"
	case DecodeRuneTooLarge:
		return "character too large"
	case DecodeMissingField:
		return "missing field"
	case DecodeUnknownField:
		return "unknown field"
	case DecodeTupleLength:
		return "tuple length"
	case DecodeUnsupported:
		return "unsupported type"
	}
	return fmt.Sprintf("DecodeKind(%d)", int(k))
}

// decodeInto stores the JSON value v into *ptr, checking it against the
// plan's static type.
func decodeInto(ptr any, v jsonValue) error {
	return decodeValue(reflect.ValueOf(ptr).Elem(), v)
}

func describeJSON(v jsonValue) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		if x {
			return "true"
		}
		return "false"
	case jsonNumber:
		return string(x)
	case string:
		return strconv.Quote(x)
	case []jsonValue:
		return "an array"
	case jsonObject:
		return "an object"
	}
	return "?"
}

func typeMismatch(want string, v jsonValue) error {
	return decodeErrorf(DecodeWrongType, "want %s, got %s", want, describeJSON(v))
}

func decodeValue(rv reflect.Value, v jsonValue) error {
	if rv.CanAddr() && rv.Addr().Type().Implements(jsonDecoderType) {
		return rv.Addr().Interface().(jsonDecoder).decodeJSON(v)
	}
	if rv.Kind() == reflect.Pointer && rv.Type().Implements(jsonDecoderType) {
		n := reflect.New(rv.Type().Elem())
		if err := n.Interface().(jsonDecoder).decodeJSON(v); err != nil {
			return err
		}
		rv.Set(n)
		return nil
	}
	if rv.Type() == reflect.TypeFor[NoneType]() {
		if v != nil {
			return typeMismatch("None", v)
		}
		return nil
	}
	switch rv.Kind() {
	case reflect.Int64:
		n, ok := v.(jsonNumber)
		if !ok || strings.ContainsAny(string(n), ".eEIN") {
			return typeMismatch("int", v)
		}
		i, err := strconv.ParseInt(string(n), 10, 64)
		if err != nil {
			return decodeErrorf(DecodeIntTooBig, "int %s does not fit in 64 bits", string(n))
		}
		rv.SetInt(i)
	case reflect.Float64:
		n, ok := v.(jsonNumber)
		if !ok {
			return typeMismatch("float", v)
		}
		var f float64
		switch n {
		case "NaN":
			f = math.NaN()
		case "Infinity":
			f = math.Inf(1)
		case "-Infinity":
			f = math.Inf(-1)
		default:
			var err error
			f, err = strconv.ParseFloat(string(n), 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				return typeMismatch("float", v)
			}
		}
		rv.SetFloat(f)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			return typeMismatch("str", v)
		}
		if r, above := pysem.AboveProvedRune(s); above {
			return decodeErrorf(DecodeRuneTooLarge, "str %s holds U+%04X, above U+%04X, the largest character the prover represents", ReprStr(s), r, pysem.MaxProvedRune)
		}
		rv.SetString(s)
	case reflect.Bool:
		bv, ok := v.(bool)
		if !ok {
			return typeMismatch("bool", v)
		}
		rv.SetBool(bv)
	case reflect.Struct:
		obj, ok := v.(jsonObject)
		if !ok {
			return typeMismatch("an object for "+rv.Type().Name(), v)
		}
		t := rv.Type()
		seen := map[string]bool{}
		for i := 0; i < t.NumField(); i++ {
			name, ok := t.Field(i).Tag.Lookup("py")
			if !ok {
				continue
			}
			seen[name] = true
			found := false
			for _, m := range obj {
				if m.Key == name {
					found = true
					if err := decodeValue(rv.Field(i), m.Value); err != nil {
						return fmt.Errorf("field %s: %w", name, err)
					}
				}
			}
			if !found {
				return decodeErrorf(DecodeMissingField, "%s row without field %s", t.Name(), name)
			}
		}
		for _, m := range obj {
			if !seen[m.Key] {
				return decodeErrorf(DecodeUnknownField, "%s has no field %s", t.Name(), m.Key)
			}
		}
	default:
		return decodeErrorf(DecodeUnsupported, "cannot decode into %s", rv.Type())
	}
	return nil
}

func (l *List[T]) decodeJSON(v jsonValue) error {
	arr, ok := v.([]jsonValue)
	if !ok {
		return typeMismatch("a list", v)
	}
	l.items = make([]T, len(arr))
	for i, e := range arr {
		if err := decodeInto(&l.items[i], e); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	return nil
}

func (s *Set[T]) decodeJSON(v jsonValue) error {
	arr, ok := v.([]jsonValue)
	if !ok {
		return typeMismatch("a set (as an array)", v)
	}
	*s = *NewSet[T]()
	for i, e := range arr {
		var x T
		if err := decodeInto(&x, e); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		s.Add(x)
	}
	return nil
}

func (d *Dict[K, V]) decodeJSON(v jsonValue) error {
	obj, ok := v.(jsonObject)
	if !ok {
		return typeMismatch("a dict (as an object)", v)
	}
	*d = *NewDict[K, V]()
	for _, m := range obj {
		var k K
		var err error
		switch p := any(&k).(type) {
		case *string:
			*p = m.Key
		case *int64:
			*p, err = strconv.ParseInt(m.Key, 10, 64)
		case *float64:
			*p, err = strconv.ParseFloat(m.Key, 64)
		case *bool:
			*p, err = strconv.ParseBool(m.Key)
		default:
			err = &DecodeError{Kind: DecodeUnsupported, msg: "unsupported key type"}
		}
		var de *DecodeError
		if err != nil && !errors.As(err, &de) {
			// A key that does not parse as the dict's key type.
			err = &DecodeError{Kind: DecodeWrongType, msg: err.Error(), cause: err}
		}
		if err != nil {
			return fmt.Errorf("key %q: %w", m.Key, err)
		}
		var val V
		if err := decodeInto(&val, m.Value); err != nil {
			return fmt.Errorf("key %q: %w", m.Key, err)
		}
		d.Set(k, val)
	}
	return nil
}

func (o *Optional[T]) decodeJSON(v jsonValue) error {
	if v == nil {
		*o = Optional[T]{}
		return nil
	}
	var x T
	if err := decodeInto(&x, v); err != nil {
		return err
	}
	*o = Some(x)
	return nil
}

func decodeTuple(v jsonValue, ptrs ...any) error {
	arr, ok := v.([]jsonValue)
	if !ok {
		return typeMismatch(fmt.Sprintf("a tuple of %d (as an array)", len(ptrs)), v)
	}
	if len(arr) != len(ptrs) {
		return decodeErrorf(DecodeTupleLength, "want a tuple of %d, got %d items", len(ptrs), len(arr))
	}
	for i, p := range ptrs {
		if err := decodeInto(p, arr[i]); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	return nil
}

func (t *Tuple0) decodeJSON(v jsonValue) error       { return decodeTuple(v) }
func (t *Tuple1[A]) decodeJSON(v jsonValue) error    { return decodeTuple(v, &t.V0) }
func (t *Tuple2[A, B]) decodeJSON(v jsonValue) error { return decodeTuple(v, &t.V0, &t.V1) }
func (t *Tuple3[A, B, C]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2)
}
func (t *Tuple4[A, B, C, D]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2, &t.V3)
}
func (t *Tuple5[A, B, C, D, E]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2, &t.V3, &t.V4)
}
func (t *Tuple6[A, B, C, D, E, F]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2, &t.V3, &t.V4, &t.V5)
}
func (t *Tuple7[A, B, C, D, E, F, G]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2, &t.V3, &t.V4, &t.V5, &t.V6)
}
func (t *Tuple8[A, B, C, D, E, F, G, H]) decodeJSON(v jsonValue) error {
	return decodeTuple(v, &t.V0, &t.V1, &t.V2, &t.V3, &t.V4, &t.V5, &t.V6, &t.V7)
}
