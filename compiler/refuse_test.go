package compiler

import (
	"strings"
	"testing"
)

// mainOf wraps body lines as the body of main after the usual imports.
func mainOf(body string) string {
	return head + "\n\ndef main() -> None:\n" + body
}

// TestRefusals checks the exact located message of constructs outside the
// subset (and of type errors). mainOf puts main's body at line 7.
func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"import os", "import clauz3\nimport os\n", "plan.py:2:1: import of os is not supported"},
		{"from subprocess", "from subprocess import run\n", "plan.py:1:1: import of subprocess is not supported"},
		{"from os import path", "import clauz3\nfrom os import path\n", "plan.py:2:1: import of os is not supported"},
		{"import missing trusted module", "import tools.mail.trusted.nope\n", "plan.py:1:1: import of tools.mail.trusted.nope is not supported"},
		{"import clauz3.spec", "import clauz3.spec\n", "plan.py:1:1: import of clauz3.spec is not supported"},
		{"from clauz3 import trusted", "from clauz3 import trusted\n", "plan.py:1:1: import of clauz3.trusted is not supported"},
		{"import deal", "import deal\n", "plan.py:1:1: import of deal is not supported"},
		{"import relation", "from tools.mail.trusted.contracts import Email\n", "plan.py:1:1: import of tools.mail.trusted.contracts.Email is not supported (it is a relation)"},
		{"cannot import name", "from tools.mail.trusted.effects import send_mail\n", "plan.py:1:1: cannot import name send_mail from tools.mail.trusted.effects"},
		{"open", mainOf("    open(\"x\")\n"), "plan.py:7:5: call of open is not supported"},
		{"eval", mainOf("    eval(\"1\")\n"), "plan.py:7:5: call of eval is not supported"},
		{"exec", mainOf("    exec(\"1\")\n"), "plan.py:7:5: call of exec is not supported"},
		{"__import__", mainOf("    __import__(\"os\")\n"), "plan.py:7:5: call of __import__ is not supported"},
		{"getattr", mainOf("    getattr(main, \"x\")\n"), "plan.py:7:5: call of getattr is not supported"},
		{"print", mainOf("    print(\"x\")\n"), "plan.py:7:5: call of print is not supported yet"},
		{"while", mainOf("    x = 1\n    while True:\n        x = 2\n"), "plan.py:8:5: while loop is not supported"},
		{"try", mainOf("    try:\n        pass\n    except ValueError:\n        pass\n"), "plan.py:7:5: try statement is not supported"},
		{"with", mainOf("    with open(\"x\") as f:\n        pass\n"), "plan.py:7:5: with statement is not supported"},
		{"class", head + "class A:\n    pass\n", "plan.py:4:1: class definition is not supported"},
		{"lambda", mainOf("    f = lambda: 1\n"), "plan.py:7:9: lambda is not supported"},
		{"subscript", mainOf("    x = [1, 2]\n    y = x[0]\n"), "plan.py:8:9: subscript is not supported"},
		{"slicing", mainOf("    x = \"abc\"\n    y = x[1:]\n"), "plan.py:8:9: slicing is not supported"},
		{"global", mainOf("    global g\n"), "plan.py:7:5: global statement is not supported"},
		{"del", mainOf("    x = 1\n    del x\n"), "plan.py:8:5: del statement is not supported"},
		{"raise", mainOf("    raise ValueError(\"x\")\n"), "plan.py:7:5: raise statement is not supported"},
		{"assert", mainOf("    assert True\n"), "plan.py:7:5: assert statement is not supported"},
		{"break", mainOf("    for i in range(3):\n        break\n"), "plan.py:8:9: break statement is not supported"},
		{"nested def", mainOf("    def f() -> None:\n        pass\n"), "plan.py:7:5: nested function definition is not supported"},
		{"import in function", mainOf("    import clauz3\n"), "plan.py:7:5: import inside a function is not supported"},
		{"comprehension", mainOf("    xs = [i for i in range(3)]\n"), "plan.py:7:10: list comprehension is not supported"},
		{"conditional expression", mainOf("    x = 1 if True else 2\n"), "plan.py:7:9: conditional expression is not supported"},
		{"set display", mainOf("    x = {1, 2}\n"), "plan.py:7:9: set display is not supported"},
		{"is None", mainOf("    x = 1\n    y = x is None\n"), "plan.py:8:9: identity comparison (is) is not supported; compare values with == or !="},
		{"method call", mainOf("    xs = [1]\n    xs.append(2)\n"), "plan.py:8:5: method call .append is not supported"},
		{"attribute of a local", mainOf("    x = \"a\"\n    y = x.upper\n"), "plan.py:8:9: attribute access .upper is not supported"},
		{"starred argument", mainOf("    args = [\"a\", \"b\"]\n    send_email(*args)\n"), "plan.py:8:17: starred argument is not supported"},
		{"float division", mainOf("    x = 1 / 2\n"), "plan.py:7:9: float division is not supported yet"},
		{"float literal", mainOf("    x = 1.5\n"), "plan.py:7:9: float literal is not supported yet"},
		{"power", mainOf("    x = 2 ** 3\n"), "plan.py:7:9: operator ** is not supported"},
		{"str times int", mainOf("    x = \"a\" * 3\n"), "plan.py:7:9: operator * on str and int is not supported"},
		{"non-guarantee decorator", head + "import functools\n", "plan.py:4:1: import of functools is not supported"},
		{"decorator", head + "\n@staticmethod\ndef main() -> None:\n    pass\n", "plan.py:5:2: decorator staticmethod is not supported"},
		{"deal decorator", head + "\n@clauz3.requires(lambda: True)\ndef main() -> None:\n    pass\n", "plan.py:5:2: decorator clauz3.requires is not supported"},
		{"undefined name", mainOf("    send_email(y, \"x\")\n"), "plan.py:7:16: name y is not defined"},
		{"undefined function", mainOf("    frobnicate(1)\n"), "plan.py:7:5: name frobnicate is not defined"},
		{"type clash", mainOf("    x = 1\n    x = \"a\"\n"), "plan.py:8:5: x was int, cannot assign str"},
		{"annotation clash", mainOf("    x = 1\n    x: str = \"a\"\n"), "plan.py:8:5: x was int, cannot annotate it str"},
		{"argument type", mainOf("    send_email(1, \"x\")\n"), "plan.py:7:16: argument addr of send_email() must be str, got int"},
		{"used before assignment", mainOf("    if True:\n        x = 1\n    send_email(str(x), \"m\")\n"), "plan.py:9:20: name x is used before assignment (or not assigned on every path)"},
		{"empty list", mainOf("    xs = []\n"), "plan.py:7:10: cannot infer the type of an empty list; annotate it (e.g. x: list[str] = [])"},
		{"mixed list", mainOf("    xs = [1, \"a\"]\n"), "plan.py:7:14: list elements must have one type, got int and str"},
		{"and of different types", mainOf("    x = 1 and \"a\"\n"), "plan.py:7:15: operands of and must have one type, got int and str"},
		{"compare different types", mainOf("    x = 1 == \"a\"\n"), "plan.py:7:9: comparison int == str is not supported (the operands must have one type)"},
		{"list augmented", mainOf("    xs = [1]\n    xs += [2]\n"), "plan.py:8:5: augmented assignment to a list is not supported (it extends the list in place; write xs = xs + [...])"},
		{"tuple unpacking", mainOf("    a, b = 1, 2\n"), "plan.py:7:5: tuple unpacking is not supported yet"},
		{"for over a call", mainOf("    for c in \"abc\".split():\n        pass\n"), "plan.py:7:14: for loop over call is not supported"},
		{"for over a mixed tuple", mainOf("    for x in (1, \"a\"):\n        pass\n"), "plan.py:7:14: for loop over a tuple[int, str] is not supported (tuple elements must share one type)"},
		{"for over str", mainOf("    s = \"abc\"\n    for c in s:\n        pass\n"), "plan.py:8:14: for loop over a str is not supported"},
		{"range of a variable", mainOf("    n = 3\n    for i in range(n):\n        pass\n"), "plan.py:8:20: range() argument must be an int literal or constant"},
		{"range outside for", mainOf("    r = range(3)\n"), "plan.py:7:9: range() outside a for loop is not supported"},
		{"target missing", head, "plan.py:1:1: target main is not defined"},
		{"guarantee with non-literal argument", head + "\n@clauz3.guarantee(mail.only([\"a\" + \"b\"]))\ndef main() -> None:\n    pass\n", "plan.py:5:29: non-literal guarantee argument is not supported"},
		{"guarantee with a name", head + "\n@clauz3.guarantee(mail.only(addrs))\ndef main() -> None:\n    pass\n", "plan.py:5:29: non-literal guarantee argument is not supported"},
		{"unknown contract", head + "\n@clauz3.guarantee(mail.nope())\ndef main() -> None:\n    pass\n", "plan.py:5:19: tools.mail.trusted.contracts has no contract nope"},
		{"guarantee argument type", head + "\n@clauz3.guarantee(mail.only(\"bob@example.com\"))\ndef main() -> None:\n    pass\n", "plan.py:5:29: argument addresses of mail.only() must be list[str], got str"},
		{"guarantee on helper", head + "\n@clauz3.guarantee(mail.at_most(1))\ndef f() -> None:\n    pass\n\ndef main() -> None:\n    f()\n", "plan.py:5:2: guarantee on f is not supported: only the target main carries guarantees"},
		{"contract called in body", mainOf("    mail.only([\"a\"])\n"), "plan.py:7:5: call of contract mail.only outside a guarantee is not supported"},
		{"recursion", head + "\ndef f(n: int) -> None:\n    f(n - 1)\n\ndef main() -> None:\n    f(3)\n", "plan.py:6:5: recursive call of f is not supported"},
		{"missing parameter annotation", head + "\ndef f(n) -> None:\n    pass\n\ndef main() -> None:\n    f(3)\n", "plan.py:5:7: parameter n of f needs a type annotation"},
		{"value without return annotation", head + "\ndef f():\n    return 1\n\ndef main() -> None:\n    pass\n", "plan.py:5:1: f returns a value but has no return annotation"},
		{"missing return", head + "\ndef f(x: int) -> int:\n    if x > 0:\n        return 1\n\ndef main() -> None:\n    pass\n", "plan.py:5:1: f may end without returning a int value"},
		{"return type", head + "\ndef f() -> int:\n    return \"a\"\n\ndef main() -> None:\n    pass\n", "plan.py:6:12: f returns int, not str"},
		{"too many arguments", mainOf("    send_email(\"a\", \"b\", [], 1)\n"), "plan.py:7:5: send_email() takes 3 positional arguments but 4 were given"},
		{"unknown keyword", mainOf("    send_email(\"a\", \"b\", bcc=[])\n"), "plan.py:7:26: send_email() got an unexpected keyword argument 'bcc'"},
		{"missing argument", mainOf("    send_email(\"a\")\n"), "plan.py:7:5: send_email() missing required argument 'msg'"},
		{"reordered calls", head + "\ndef f(x: str) -> str:\n    return x\n\ndef main() -> None:\n    send_email(msg=f(\"m\"), addr=f(\"a\"))\n", "plan.py:9:20: keyword argument msg of send_email() is evaluated before addr in Python but after it in parameter order; reordering arguments that call functions or may raise is not supported"},
		{"module level call", head + "send_email(\"a\", \"b\")\n", "plan.py:4:1: expression statement at module level is not supported"},
		{"module level for", head + "for i in range(3):\n    pass\n", "plan.py:4:1: for loop at module level is not supported"},
		{"computed constant", head + "X = len(\"abc\")\n", "plan.py:4:5: call of len is not supported here (a constant is expected)"},
		{"other if at module level", head + "if True:\n    pass\n", "plan.py:4:1: if statement at module level is not supported (only `if __name__ == \"__main__\": main()`)"},
		{"nested format spec", mainOf("    w = 5\n    send_email(\"a\", f\"{w:{w}}\")\n"), "plan.py:8:27: nested replacement field in a format spec is not supported yet"},
		{"bad format spec", mainOf("    send_email(\"a\", f\"{[1]:>3}\")\n"), "plan.py:7:24: format spec '>3' on a list[int] value is not supported: only str, int and bool values take a format spec"},
		{"conversion !a", mainOf("    send_email(\"a\", f\"{1!a}\")\n"), "plan.py:7:24: conversion !a is not supported"},
		{"float annotation", mainOf("    x: float = 1\n"), "plan.py:7:8: type float is not supported yet"},
		{"optional annotation", mainOf("    x: int | None = 1\n"), "plan.py:7:8: union type int | None is not supported yet"},
		{"bytes", mainOf("    x = b\"a\"\n"), "plan.py:7:9: bytes literal is not supported"},
		{"redefinition", head + "\ndef main() -> None:\n    pass\n\ndef main() -> None:\n    pass\n", "plan.py:8:1: redefinition of main is not supported"},
		{"relation in a plan", mainOf("    r = mail.Email\n"), "plan.py:7:9: use of relation mail.Email is not supported"},
		{"missing module attribute", mainOf("    mail.nope(1)\n"), "plan.py:7:5: module mail has no attribute nope"},
		{"call of local", mainOf("    f = 1\n    f()\n"), "plan.py:8:5: call of local f is not supported"},
		{"function as value", mainOf("    f = main\n"), "plan.py:7:9: function main used as a value is not supported"},
		{"big int", mainOf("    x = 99999999999999999999\n"), "plan.py:7:9: integer literal 99999999999999999999 does not fit in 64 bits"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(tc.src), testCfg)
			if err == nil {
				t.Fatalf("compiled; want %s\nsource:\n%s", tc.want, tc.src)
			}
			if !strings.Contains("\n"+err.Error()+"\n", "\n"+tc.want+"\n") {
				t.Errorf("got\n%v\nwant a line\n%s", err, tc.want)
			}
		})
	}
}

// TestErrorsDoNotCascade checks that one refused construct yields one
// error, and that independent errors are all reported, sorted.
func TestErrorsDoNotCascade(t *testing.T) {
	src := head + `
def helper(n) -> int:
    return n + 1


def main() -> None:
    x = undefined_name
    send_email(x, "a")
    for a in undefined_list:
        send_email(a, "b")
    y: float = 1
    send_email(str(y), "c")
    z = 1
    z = "s"
    while True:
        pass
`
	_, err := Compile("plan.py", []byte(src), testCfg)
	want := `plan.py:5:12: parameter n of helper needs a type annotation
plan.py:10:9: name undefined_name is not defined
plan.py:12:14: name undefined_list is not defined
plan.py:14:8: type float is not supported yet
plan.py:17:5: z was int, cannot assign str
plan.py:18:5: while loop is not supported`
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}
