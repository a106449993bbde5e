package syntax

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestErrors(t *testing.T) {
	tests := []struct {
		src, want string
		code      ir.Code // of the error; 0 when it parses
	}{
		// f-strings
		{`x = f"{x"`, `f.py:1:9: f-string: expecting '}'`, ir.Syntax},
		{`x = f"{}"`, `f.py:1:7: f-string: empty expression not allowed`, ir.Syntax},
		{`x = f"{  }"`, `f.py:1:7: f-string: empty expression not allowed`, ir.Syntax},
		{`x = f"ab {a b} c"`, `f.py:1:13: f-string: invalid syntax`, ir.Syntax},
		{`x = f"ab {a +} c"`, `f.py:1:14: f-string: invalid syntax`, ir.Syntax},
		{"x = 1\ny = f\"\"\"\n  {a +\n  * b}\"\"\"", `f.py:4:3: f-string: invalid syntax`, ir.Syntax},
		{`é = f"é{é é}"`, `f.py:1:11: f-string: invalid syntax`, ir.Syntax},
		{`x = f"{a!x}"`, `f.py:1:10: f-string: invalid conversion character: expected 's', 'r', or 'a'`, ir.Syntax},
		{`x = f"{a!}"`, `f.py:1:10: f-string: invalid conversion character: expected 's', 'r', or 'a'`, ir.Syntax},
		{`x = f"{a!r:{b!z}}"`, `f.py:1:15: f-string: invalid conversion character: expected 's', 'r', or 'a'`, ir.Syntax},
		{`x = f"}"`, `f.py:1:7: f-string: single '}' is not allowed`, ir.Syntax},
		{`x = f"{a}}"`, `f.py:1:10: f-string: single '}' is not allowed`, ir.Syntax},
		{`x = f"{a:{b:{c}}}"`, `f.py:1:13: f-string: expressions nested too deeply`, ir.Syntax},
		{`x = f"{#}"`, `f.py:1:8: f-string expression part cannot include '#'`, ir.Syntax},
		{`x = f"{'\n'}"`, `f.py:1:9: f-string expression part cannot include a backslash`, ir.Syntax},
		{`x = f"{a[}"`, `f.py:1:10: f-string: closing parenthesis '}' does not match opening parenthesis '['`, ir.Syntax},
		{`x = f"{a)}"`, `f.py:1:9: f-string: unmatched ')'`, ir.Syntax},
		{`x = f"{a['}"`, `f.py:1:10: f-string: unterminated string`, ir.Syntax},
		{`x = f"{a!r"`, `f.py:1:11: f-string: expecting '}'`, ir.Syntax},
		{`x = f"{a:x"`, `f.py:1:11: f-string: expecting '}'`, ir.Syntax},
		{`x = f"{a"`, `f.py:1:9: f-string: expecting '}'`, ir.Syntax},
		{`x = f"{a=b}"`, `f.py:1:10: f-string: expecting '}'`, ir.Syntax},
		{`x = f"{x:=}"`, ``, 0},
		{`x = b"a" f"b"`, `f.py:1:5: cannot mix bytes and nonbytes literals`, ir.Syntax},
		{"x = f\"abc", `f.py:1:5: unterminated string literal`, ir.Syntax},
		{"x = f'''abc\n", `f.py:1:5: unterminated triple-quoted string literal`, ir.Syntax},
		{`x = f"{a}\x4"`, `f.py:1:10: f-string: (unicode error) truncated \x escape at position 0`, ir.Syntax},
		// an f-string inside a replacement field: its errors are
		// f-string errors once, not "f-string: f-string: ..."
		{"x = f\"{f'{}'}\"", `f.py:1:10: f-string: empty expression not allowed`, ir.Syntax},
		{"x = f\"{f'{a!x}'}\"", `f.py:1:13: f-string: invalid conversion character: expected 's', 'r', or 'a'`, ir.Syntax},
		{"x = f\"{f'{a b}'}\"", `f.py:1:13: f-string: invalid syntax`, ir.Syntax},
		{"x = f\"{g(*a, b)}\"", `f.py:1:14: f-string: positional arguments after *args need Python 3.5+ and are not supported`, ir.Unsupported},
		{"x = f\"{a <> b}\"", `f.py:1:10: f-string: invalid syntax`, ir.Syntax},

		// plain syntax errors, located at the offending token
		{"a = 1\nb = 2\nc = (1 2)\n", `f.py:3:8: invalid syntax`, ir.Syntax},
		{"a = 1\nb = 2\nc = 1 +\n", `f.py:3:8: invalid syntax`, ir.Syntax},
		{"def f(:\n  pass", `f.py:1:6: '(' was never closed`, ir.Syntax},
		{"x = {\n  \"a\": 1,\n  \"b\" 2,\n}", `f.py:3:7: invalid syntax`, ir.Syntax},
		{"print \"hi\"", `f.py:1:7: invalid syntax`, ir.Syntax},
		{"if x:\n\tx = (1 2)", `f.py:2:9: invalid syntax`, ir.Syntax},
		{"x = 1\n\n\ndef", `f.py:4:4: unexpected EOF while parsing`, ir.Syntax},
		{`x = "\x4"`, `f.py:1:5: (unicode error) truncated \x escape at position 0`, ir.Syntax},
		{`x = b"ok" b"\x4g"`, `f.py:1:11: (unicode error) invalid \x escape at position 0`, ir.Syntax},
		{"x = (1 2)\ny = '\\x4'\n", `f.py:1:8: invalid syntax`, ir.Syntax},
		{"x = '\\x4'\ny = (1 2)\n", `f.py:1:5: (unicode error) truncated \x escape at position 0`, ir.Syntax},
		{"x = '\\x4'\n  y = 1\n", `f.py:1:5: (unicode error) truncated \x escape at position 0`, ir.Syntax},
		{"  x = '\\x4'\n", `f.py:1:3: unexpected indent`, ir.Syntax},
		{"x = 1 = 2 = f()\n", `f.py:1:1: can't assign to literal`, ir.Syntax},

		// errors gpython raises while reducing a construct, after the parse
		// has gone on past it: located at the statement holding it, however
		// far the parse went on
		{"x = 1 = 2\ny = 3\nz = 4\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"x = 1 = 2\ny = (1 2)\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"if a:\n    x + 1 = 2\ny = 3\n", `f.py:2:5: can't assign to operator`, ir.Syntax},
		{"for 1 in x: pass\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"for a in x:\n    pass\nfor f() in x:\n    pass\ny = 1\n", `f.py:3:1: can't assign to function call`, ir.Syntax},
		{"with a as 1: pass\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"def f():\n    del g()\n    return 1\n", `f.py:2:5: can't delete function call`, ir.Syntax},
		{"x = 1\ny += 1\nf() += 1\nz = 2\n", `f.py:3:1: can't assign to function call`, ir.Syntax},
		{"x = [a for 1 in b]\ny = 2\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"x = yield = 1\n", `f.py:1:1: can't assign to yield expression`, ir.Syntax},
		{"(a, 1) = 2\ny = 3\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"def f():\n    [a, b + 1] = 2\n    y = 3\n", `f.py:2:5: can't assign to operator`, ir.Syntax},
		{"f(a + 1=2)\ny = 1\n", `f.py:1:3: keyword can't be an expression`, ir.Syntax},
		{"x = 'a' b'b'\ny = 2\n", `f.py:1:5: cannot mix bytes and nonbytes literals`, ir.Syntax},
		{"x = b'a' 'b'\n", `f.py:1:5: cannot mix bytes and nonbytes literals`, ir.Syntax},
		{"x = 1 <> 2\ny = 3\n", `f.py:1:7: invalid syntax`, ir.Syntax},
		{"for (a, f()) in x:\n    pass\n", `f.py:1:1: can't assign to function call`, ir.Syntax},
		{"for a, 1 in x:\n    pass\ny = 2\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"with a as (b, 1):\n    pass\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"x = [a for (b, 1) in c]\n", `f.py:1:1: can't assign to literal`, ir.Syntax},
		{"del (a, f())\n", `f.py:1:1: can't delete function call`, ir.Syntax},
		{"x = 1; y() = 2\n", `f.py:1:8: can't assign to function call`, ir.Syntax},
		{"x = f\"{[a for (b, 1) in c]}\"\n", `f.py:1:7: f-string: can't assign to literal`, ir.Syntax},

		// a positional argument after a keyword one, which gpython's
		// grammar reads without complaint
		{"f(a=1, b)\n", `f.py:1:8: positional argument follows keyword argument`, ir.Syntax},
		{"class A(b=1, c): pass\n", `f.py:1:14: positional argument follows keyword argument`, ir.Syntax},
		{"f(*a, k=1, b)\n", `f.py:1:12: positional argument follows keyword argument`, ir.Syntax},
		{"f(a=1, *b, key=lambda x=1: x, **c)\ng(lambda a=1: a, b)\n", ``, 0},
		{"xs = sorted(x, key=lambda a, b: a)\nf(lambda a, b=1: a)\ng(k=lambda a, b=(1, 2): lambda c, d: c, e=1)\n", ``, 0},
		{"g(k=lambda a, b=(1, 2): lambda c, d: c, e)\n", `f.py:1:41: positional argument follows keyword argument`, ir.Syntax},

		// the end of the input is the offending token only on a last line
		// without a line feed
		{"x = 1\n\n\ndef # c", `f.py:4:5: unexpected EOF while parsing`, ir.Syntax},
		{"x = 1\n\n\ndef # c\n", `f.py:4:5: invalid syntax`, ir.Syntax},
		{"x = 1\n\n\ndef\n", `f.py:4:4: invalid syntax`, ir.Syntax},
		{"if x", `f.py:1:5: unexpected EOF while parsing`, ir.Syntax},

		// an error in an earlier statement wins over a later indentation
		// or desugaring error
		{"x = 1 +\n    2\n", `f.py:1:8: invalid syntax`, ir.Syntax},
		{"x = (1 2)\nself.x: int = 3\n", `f.py:1:8: invalid syntax`, ir.Syntax},
		{"self.x: int = 3\nx = (1 2)\n", `f.py:1:1: annotated assignment to self.x is not supported`, ir.Unsupported},
		{"x = (1 2)\ny = 1__0\n", `f.py:1:8: invalid syntax`, ir.Syntax},
		{"x = (1 2)\nif y:\nz = 1\n", `f.py:1:8: invalid syntax`, ir.Syntax},
		{"def f(:)\n  pass", `f.py:1:7: invalid syntax`, ir.Syntax},
		{"if x\n    y = 1\n", `f.py:1:5: invalid syntax`, ir.Syntax},

		// tokenizer errors
		{"x = (\n", `f.py:1:5: '(' was never closed`, ir.Syntax},
		{"x = )\n", `f.py:1:5: unmatched ')'`, ir.Syntax},
		{"x = (]\n", `f.py:1:6: closing parenthesis ']' does not match opening parenthesis '('`, ir.Syntax},
		{"s = \"日本語\" + )", `f.py:1:13: unmatched ')'`, ir.Syntax},
		{"  x = 1\n", `f.py:1:3: unexpected indent`, ir.Syntax},
		{"x = 1\n    y = 2\n", `f.py:2:5: unexpected indent`, ir.Syntax},
		{"if x:\ny = 1\n", `f.py:2:1: expected an indented block after 'if' statement on line 1`, ir.Syntax},
		{"class A:\npass", `f.py:2:1: expected an indented block after class definition on line 1`, ir.Syntax},
		{"def f():\n", `f.py:2:1: expected an indented block after function definition on line 1`, ir.Syntax},
		{"if x:\n    y\n  z\n", `f.py:3:3: unindent does not match any outer indentation level`, ir.Syntax},
		{"if x:\n        y\n\tz\n", `f.py:3:2: inconsistent use of tabs and spaces in indentation`, ir.Syntax},
		{"x = \"abc\n", `f.py:1:5: unterminated string literal`, ir.Syntax},
		{"x = \"\"\"abc\n", `f.py:1:5: unterminated triple-quoted string literal`, ir.Syntax},
		{"x = $\n", `f.py:1:5: invalid character '$' (U+0024)`, ir.Syntax},
		{"x = 1 → 2\n", `f.py:1:7: invalid character '→' (U+2192)`, ir.Syntax},
		{"x = 1 \\ 2\n", `f.py:1:8: unexpected character after line continuation character`, ir.Syntax},
		{"x = 1\x00", `f.py:1:6: source code cannot contain null bytes`, ir.Syntax},
		{"x = 'é\xff'", `f.py:1:7: invalid UTF-8 in source`, ir.Syntax},
		{"x = 1\ry = 2", `f.py:1:6: carriage return without a line feed is not supported`, ir.Unsupported},

		// numbers
		{"x = 1__0\n", `f.py:1:5: invalid decimal literal`, ir.Syntax},
		{"x = 1_\n", `f.py:1:5: invalid decimal literal`, ir.Syntax},
		{"x = 0123\n", `f.py:1:5: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers`, ir.Syntax},
		{"x = 0o18\n", `f.py:1:5: invalid digit '8' in octal literal`, ir.Syntax},
		{"x = 0x\n", `f.py:1:5: invalid hexadecimal literal`, ir.Syntax},

		// annotated assignments
		{"self.x: int = 3\n", `f.py:1:1: annotated assignment to self.x is not supported`, ir.Unsupported},
		{"a[0]: int\n", `f.py:1:1: annotated assignment to a[0] is not supported`, ir.Unsupported},
		{"(x): int = 1\n", `f.py:1:1: annotated assignment to (x) is not supported`, ir.Unsupported},
		{"a, b: int\n", `f.py:1:1: only single target (not tuple) can be annotated`, ir.Syntax},
		{"a + b: int\n", `f.py:1:1: illegal target for annotation`, ir.Syntax},
		{"x: int, y: str = 3\n", `f.py:1:7: invalid syntax (only a single annotation is allowed)`, ir.Syntax},
		{"x: = 3\n", `f.py:1:4: invalid syntax (expected an annotation)`, ir.Syntax},
		{"x:\n", `f.py:1:3: invalid syntax (expected an annotation)`, ir.Syntax},
		{"x: int =\n", `f.py:1:9: invalid syntax (expected a value)`, ir.Syntax},
		{"x: int = y = 3\n", `f.py:1:12: invalid syntax (an annotated assignment has a single target)`, ir.Syntax},
		{"def g():\n    x: int = yield 1\n", `f.py:2:14: an annotated assignment with a yield value is not supported`, ir.Unsupported},
		{"x: in = 3\n", `f.py:1:4: invalid syntax`, ir.Syntax},

		// Python 3.5+ constructs outside gpython's 3.4 grammar
		{"if (n := 3): pass\n", `f.py:1:7: assignment expressions (:=) are not supported`, ir.Unsupported},
		{"match x:\n    case 1:\n        pass\n", `f.py:1:1: match statements are not supported`, ir.Unsupported},
		{"async def f(): pass\n", `f.py:1:1: 'async' is not supported (no asynchronous code)`, ir.Unsupported},
		{"def f():\n    await g()\n", `f.py:2:5: 'await' is not supported (no asynchronous code)`, ir.Unsupported},
		{"d = {**a}\n", `f.py:1:6: invalid syntax (this use of * or ** unpacking needs Python 3.5+ and is not supported)`, ir.Unsupported},
		{"f(*a, *b)\n", `f.py:1:7: invalid syntax (this use of * or ** unpacking needs Python 3.5+ and is not supported)`, ir.Unsupported},
		{"f(**a, b=1)\n", `f.py:1:6: invalid syntax (this use of * or ** unpacking needs Python 3.5+ and is not supported)`, ir.Unsupported},
		{"f(*a, b)\ny = 1\n", `f.py:1:7: positional arguments after *args need Python 3.5+ and are not supported`, ir.Unsupported},
		{"class A(*b, c): pass\n", `f.py:1:13: positional arguments after *args need Python 3.5+ and are not supported`, ir.Unsupported},
		{"with (a,\n      b):\n    pass\n", `f.py:1:6: parenthesized context managers spanning several lines are not supported`, ir.Unsupported},
		{"def f(a, /, b): pass\n", `f.py:1:10: invalid syntax (positional-only parameters are not supported)`, ir.Unsupported},
		{"x = a @ b\n", `f.py:1:7: invalid syntax (the @ operator is not supported)`, ir.Unsupported},
	}
	for _, tt := range tests {
		_, err := Parse("f.py", []byte(tt.src))
		got := ""
		if err != nil {
			got = err.Error()
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%q: error is a %T", tt.src, err)
			} else if !validPos([]byte(tt.src), Position{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col}) {
				t.Errorf("%q: position %v outside the file", tt.src, e.Pos)
			} else if e.Code != tt.code {
				t.Errorf("%q: code %v, want %v", tt.src, e.Code, tt.code)
			}
		}
		if got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestErrorCodes pins the code of each kind of syntax-stage error: valid
// Python outside the subset is Unsupported, anything else Syntax.
func TestErrorCodes(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want ir.Code
	}{
		{"a = (1 2)\n", ir.Syntax},
		{"x = f\"{}\"\n", ir.Syntax},
		{"x = \"abc\n", ir.Syntax},
		{"if x:\ny = 1\n", ir.Syntax},
		{"x = b\"a\" \"b\"\n", ir.Syntax},
		{"x = 1\ry = 2\n", ir.Unsupported},
		{"async def f(): pass\n", ir.Unsupported},
		{"if (y := 1): pass\n", ir.Unsupported},
		{"self.x: int = 3\n", ir.Unsupported},
		{"d = {**a}\n", ir.Unsupported},
		{"def f(a, /, b): pass\n", ir.Unsupported},
		{"x = a @ b\n", ir.Unsupported},
		{"f(*a, b)\n", ir.Unsupported},
		{"x = 1 = 2\n", ir.Syntax},
		{"f(a + 1=2)\n", ir.Syntax},
		{"(a, 1) = 2\n", ir.Syntax},
		{"x = 'a' b'b'\n", ir.Syntax},
		{"with (a,\n      b):\n    pass\n", ir.Unsupported},
	} {
		_, err := Parse("f.py", []byte(tt.src))
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.want {
			t.Errorf("%q: %v (code %v), want code %v", tt.src, err, codeOf(e), tt.want)
		}
	}
}

func codeOf(e *Error) ir.Code {
	if e == nil {
		return ir.UnknownCode
	}
	return e.Code
}
