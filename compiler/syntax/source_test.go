package syntax

import (
	"encoding/hex"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// The source-text cases where a naive reader and CPython 3.11 read the
// same bytes differently: each is refused with a located message, and
// what is accepted reads as python3 reads it.
var sourceTextCases = []struct {
	name string
	src  string
	want string  // the refusal (file:line:col: message), or "" when accepted
	code ir.Code // of the refusal
}{
	{"named escape", "x = \"a\\N{BULLET}\"\n", `f.py:1:7: \N{...} escapes are not supported (write the character itself or a \u escape)`, ir.Unsupported},
	{"named escape in an f-string", "n = 1\nx = f\"{n}\\N{BULLET}\"\n", `f.py:2:10: \N{...} escapes are not supported (write the character itself or a \u escape)`, ir.Unsupported},
	{"lone surrogate", "x = \"\\ud800\"\n", `f.py:1:6: the escape \ud800 is a lone surrogate, which a ClauZ3 str cannot hold`, ir.Unsupported},
	{"lone surrogate, long form", "x = 'ab\\U0000DFFF'\n", `f.py:1:8: the escape \U0000DFFF is a lone surrogate, which a ClauZ3 str cannot hold`, ir.Unsupported},
	{"fullwidth identifier", "\uff41ddr = 1\n", "f.py:1:1: identifier '\uff41ddr' is not in NFKC normal form: CPython reads it as another name (write it with the characters Python normalises it to)", ir.Unsupported},
	{"combining mark identifier", "e\u0301t\u00e9 = 1\n", "f.py:1:1: identifier 'e\u0301t\u00e9' is not in NFKC normal form: CPython reads it as another name (write it with the characters Python normalises it to)", ir.Unsupported},
	{"ligature identifier", "x = 1\n\ufb01le = 2\n", "f.py:2:1: identifier '\ufb01le' is not in NFKC normal form: CPython reads it as another name (write it with the characters Python normalises it to)", ir.Unsupported},
	{"identifier character new in Unicode 15", "x = 1\nab\U00011f00 = 2\n", "f.py:2:3: invalid character '\U00011f00' (U+11F00)", ir.Syntax},
	{"lone CR", "x = 'a'\ry = 'b'\n", `f.py:1:8: carriage return without a line feed is not supported`, ir.Unsupported},
	{"lone CR in a string", "x = '''a\rb'''\n", `f.py:1:9: carriage return without a line feed is not supported`, ir.Unsupported},
	{"latin-1 cookie", "# -*- coding: latin-1 -*-\nx = 'a'\n", `f.py:1:1: source encoding 'latin-1' is not supported: ClauZ3 reads plans as UTF-8 (remove the coding declaration or declare utf-8)`, ir.Unsupported},
	{"cookie on line 2", "#!/usr/bin/env python3\n# vim: set fileencoding=iso-8859-15 :\nx = 'a'\n", `f.py:2:1: source encoding 'iso-8859-15' is not supported: ClauZ3 reads plans as UTF-8 (remove the coding declaration or declare utf-8)`, ir.Unsupported},

	{"utf-8 cookie", "# -*- coding: utf-8 -*-\nx = '\u00e9'\n", "", 0},
	{"utf8 cookie", "# coding=UTF8\nx = 'a'\n", "", 0},
	{"utf-8 variant cookie", "# coding: utf-8-unix\nx = 'a'\n", "", 0},
	{"utf_8 alias cookie", "#!/bin/python3\n# coding: U8\nx = 'a'\n", "", 0},
	{"cp1252 cookie", "# coding: cp1252\nx = 'a'\n", `f.py:1:1: source encoding 'cp1252' is not supported: ClauZ3 reads plans as UTF-8 (remove the coding declaration or declare utf-8)`, ir.Unsupported},
	{"a cookie after line 2 is a comment", "x = 'a'\n\n# coding: latin-1\n", "", 0},
	{"escapes", "x = '\\u00e9\\U0001F600\\x41\\101\\t\\\\N'\n", "", 0},
	{"raw named escape", "x = r'\\N{BULLET}'\n", "", 0},
	{"escaped backslash before N", "x = '\\\\N{BULLET}'\n", "", 0},
	{"surrogate text in a raw str", "x = r'\\ud800'\n", "", 0},
	{"CRLF line endings", "x = 'a'\r\ny = 'b'\r\n", "", 0},
	{"NFKC-stable identifier", "caf\u00e9 = 'x'\nx = caf\u00e9\n", "", 0},
	{"CR in a comment-free CRLF triple-quoted str", "x = '''a\r\nb'''\r\n", "", 0},
}

func TestSourceTextAgainstCPython(t *testing.T) {
	for _, c := range sourceTextCases {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse("f.py", []byte(c.src))
			if c.want != "" {
				var e *Error
				if !errors.As(err, &e) || e.Code != c.code || err.Error() != c.want {
					t.Fatalf("Parse: %v (code %v)\nwant %s (code %v)", err, codeOf(e), c.want, c.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			// Accepted: x holds what python3 says it holds.
			cmd := exec.Command("python3", "-c", "import sys\nns = {}\nexec(compile(sys.stdin.buffer.read(), 'f.py', 'exec'), ns)\nprint(ns['x'].encode().hex())")
			cmd.Stdin = strings.NewReader(c.src)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("python3: %v", err)
			}
			want, _ := hex.DecodeString(strings.TrimSpace(string(out)))
			got, ok := lastStrX(f)
			if !ok {
				t.Fatalf("no str assigned to x")
			}
			if got != string(want) {
				t.Errorf("x = %s, CPython %s", pysem.ReprStr(got), pysem.ReprStr(string(want)))
			}
		})
	}
}

// lastStrX is the str literal assigned to x (or the value of the name
// assigned to x, for x = café).
func lastStrX(f *File) (string, bool) {
	vals := map[string]string{}
	var x string
	found := false
	for _, st := range f.Module.Body {
		a, ok := st.(*ast.Assign)
		if !ok || len(a.Targets) != 1 {
			continue
		}
		n, ok := a.Targets[0].(*ast.Name)
		if !ok {
			continue
		}
		var v string
		switch e := a.Value.(type) {
		case *ast.Str:
			v = string(e.S)
		case *ast.Name:
			v = vals[string(e.Id)]
		default:
			continue
		}
		vals[string(n.Id)] = v
		if n.Id == "x" {
			x, found = v, true
		}
	}
	return x, found
}
