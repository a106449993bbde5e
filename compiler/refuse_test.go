package compiler

import (
	"fmt"
	"math"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// mainOf wraps body lines as the body of main after the usual imports.
func mainOf(body string) string {
	return head + "\n\ndef main() -> None:\n" + body
}

// refusal is a construct outside the subset (or a type error) and the
// exact located message it gets. The table is also the source of the
// refusal list of docs/language.md (see TestDocs).
type refusal struct {
	group, name, src, want string
	code                   ir.Code // the diagnostic's kind, which callers decide on
}

// refusals lists the refusals by topic. mainOf puts main's body at line 7.
var refusals = []refusal{
	{"Imports", "import os", "import clauz3\nimport os\n", "plan.py:2:1: import of os is not supported", ir.Unsupported},
	{"Imports", "from subprocess", "from subprocess import run\n", "plan.py:1:1: import of subprocess is not supported", ir.Unsupported},
	{"Imports", "from os import path", "import clauz3\nfrom os import path\n", "plan.py:2:1: import of os is not supported", ir.Unsupported},
	{"Imports", "import missing trusted module", "import tools.mail.trusted.nope\n", "plan.py:1:1: import of tools.mail.trusted.nope is not supported", ir.ImportError}, // a module the layer does not have: an import error, not a construct outside the language
	{"Imports", "import clauz3.spec", "import clauz3.spec\n", "plan.py:1:1: import of clauz3.spec is not supported", ir.Unsupported},
	{"Imports", "from clauz3 import trusted", "from clauz3 import trusted\n", "plan.py:1:1: import of clauz3.trusted is not supported", ir.Unsupported},
	{"Imports", "import deal.inv", "from deal import inv\n", "plan.py:1:1: import of deal.inv is not supported", ir.Unsupported},
	{"Imports", "fluent in a plan", "from clauz3.fluent import fluent\n", "plan.py:1:1: import of clauz3.fluent is not supported", ir.Unsupported},
	{"Imports", "import relation", "from tools.mail.trusted.contracts import Email\n", "plan.py:1:1: import of tools.mail.trusted.contracts.Email is not supported (it is a relation)", ir.Unsupported},
	{"Imports", "cannot import name", "from tools.mail.trusted.effects import send_mail\n", "plan.py:1:1: cannot import name send_mail from tools.mail.trusted.effects; did you mean send_email?", ir.ImportError},
	{"Imports", "cannot import name far from any", "from tools.mail.trusted.effects import post_letter\n", "plan.py:1:1: cannot import name post_letter from tools.mail.trusted.effects", ir.ImportError},
	{"Imports", "misspelt contract imported", "from tools.mail.trusted.contracts import onyl\n", "plan.py:1:1: cannot import name onyl from tools.mail.trusted.contracts; did you mean only?", ir.ImportError},
	{"Imports", "misspelt module imported from the package", "from tools.mail.trusted import contract as mail\n", "plan.py:1:1: cannot import name contract from tools.mail.trusted; did you mean contracts?", ir.ImportError},
	{"Imports", "misspelt domain", "from tools.mial.trusted.effects import send_email\n", "plan.py:1:1: no trusted layer tools.mial.trusted in this project (no folder tools/mial/trusted under the import roots); did you mean tools.mail.trusted.effects?", ir.ImportError},
	{"Imports", "misspelt bundled domain", "from tools.web_serach.trusted.effects import web_search\n", "plan.py:1:1: no trusted layer tools.web_serach.trusted in this project (no folder tools/web_serach/trusted under the import roots); did you mean the bundled layer web_search (`clauz3 install web_search`, then import tools.web_search.trusted.effects)?", ir.ImportError},
	{"Imports", "missing bundled layer", "from tools.email.trusted.effects import send_email\n", "plan.py:1:1: no trusted layer tools.email.trusted in this project (no folder tools/email/trusted under the import roots); install the bundled one with `clauz3 install email`", ir.ImportError},
	{"Imports", "misspelt module attribute", "import tools.mail.trusted.effects as fx\n\n\ndef main() -> None:\n    fx.send_emial(\"a@b.c\", \"x\")\n", "plan.py:5:5: module fx has no attribute send_emial; did you mean send_email?", ir.UndefinedName},
	{"Imports", "misspelt imported name", mainOf("    send_emial(\"a@b.c\", \"x\")\n"), "plan.py:7:5: name send_emial is not defined; did you mean send_email?", ir.UndefinedName},
	{"Imports", "misspelt module alias in a guarantee", head + "\n\n@clauz3.guarantee(mial.only([\"a@b.c\"]))\ndef main() -> None:\n    pass\n", "plan.py:6:19: name mial is not defined; did you mean mail?", ir.UndefinedName},
	{"Imports", "import in function", mainOf("    import clauz3\n"), "plan.py:7:5: import inside a function is not supported", ir.Unsupported},
	{"Imports", "non-guarantee decorator", head + "import functools\n", "plan.py:4:1: import of functools is not supported", ir.Unsupported},
	{"Module level", "target missing", head, "plan.py:1:1: target main is not defined", ir.UndefinedName},
	{"Module level", "module level call", head + "send_email(\"a\", \"b\")\n", "plan.py:4:1: expression statement at module level is not supported", ir.Unsupported},
	{"Module level", "module level for", head + "for i in range(3):\n    pass\n", "plan.py:4:1: for loop at module level is not supported", ir.Unsupported},
	{"Module level", "computed constant", head + "X = len(\"abc\")\n", "plan.py:4:5: call of len is not supported here (a constant is expected)", ir.Unsupported},
	{"Module level", "other if at module level", head + "if True:\n    pass\n", "plan.py:4:1: if statement at module level is not supported (only `if __name__ == \"__main__\": main()`)", ir.Unsupported},
	{"Module level", "redefinition", head + "\ndef main() -> None:\n    pass\n\ndef main() -> None:\n    pass\n", "plan.py:8:1: redefinition of main is not supported", ir.Unsupported},
	{"Statements", "class", head + "class A:\n    pass\n", "plan.py:4:1: class definition is not supported", ir.Unsupported},
	{"Statements", "while", mainOf("    x = 1\n    while x:\n        x = 2\n"), "plan.py:8:5: while loop is not supported", ir.Unsupported},
	{"Statements", "with", mainOf("    with open(\"x\") as f:\n        pass\n"), "plan.py:7:5: with statement is not supported", ir.Unsupported},
	{"Statements", "try", mainOf("    try:\n        pass\n    except ValueError:\n        pass\n"), "plan.py:7:5: try statement is not supported", ir.Unsupported},
	{"Statements", "global", mainOf("    global g\n"), "plan.py:7:5: global statement is not supported", ir.Unsupported},
	{"Statements", "nonlocal", mainOf("    x = 1\n    nonlocal x\n"), "plan.py:8:5: nonlocal statement is not supported", ir.Unsupported},
	{"Statements", "del", mainOf("    x = 1\n    del x\n"), "plan.py:8:5: del statement is not supported", ir.Unsupported},
	{"Statements", "yield", mainOf("    yield 1\n"), "plan.py:7:5: yield expression is not supported", ir.Unsupported},
	{"Statements", "class in function", mainOf("    class A:\n        pass\n"), "plan.py:7:5: class definition is not supported", ir.Unsupported},
	{"Statements", "async", "import clauz3\n\nasync def main() -> None:\n    pass\n", "plan.py:3:1: 'async' is not supported (no asynchronous code)", ir.Unsupported},
	{"Statements", "walrus", mainOf("    if (n := 3) > 2:\n        pass\n"), "plan.py:7:11: assignment expressions (:=) are not supported", ir.Unsupported},
	{"Statements", "match", mainOf("    match 1:\n        case 1:\n            pass\n"), "plan.py:7:5: match statements are not supported", ir.Unsupported},
	{"Statements", "await", mainOf("    await f()\n"), "plan.py:7:5: 'await' is not supported (no asynchronous code)", ir.Unsupported},
	{"Statements", "for else", mainOf("    for i in range(3):\n        pass\n    else:\n        pass\n"), "plan.py:7:5: for-else is not supported", ir.Unsupported},
	{"Assignment and unpacking", "starred target", mainOf("    a, *b = [1, 2, 3]\n"), "plan.py:7:8: starred assignment target is not supported", ir.Unsupported},
	{"Assignment and unpacking", "unpack arity", mainOf("    a, b = 1, 2, 3\n"), "plan.py:7:5: cannot unpack a tuple[int, int, int] into 2 targets", ir.TypeMismatch},
	{"Assignment and unpacking", "unpack dict", mainOf("    a, b = {\"x\": 1, \"y\": 2}\n"), "plan.py:7:5: unpacking a dict[str, int] is not supported", ir.Unsupported},
	{"Assignment and unpacking", "unpack set", mainOf("    a, b = {1, 2}\n"), "plan.py:7:5: unpacking a set[int] is not supported: CPython's set order is not something a plan may depend on", ir.Unsupported},
	{"Assignment and unpacking", "unpack int", mainOf("    a, b = 1\n"), "plan.py:7:5: cannot unpack an int", ir.TypeMismatch},
	{"Assignment and unpacking", "attribute target", mainOf("    x = \"a\"\n    x.y = 1\n"), "plan.py:8:5: assignment to attribute .y is not supported", ir.Unsupported},
	{"Assignment and unpacking", "slice target", mainOf("    xs = [1]\n    xs[0:1] = [2]\n"), "plan.py:8:5: assignment to a slice is not supported", ir.Unsupported},
	{"Assignment and unpacking", "str item assign", mainOf("    s = \"ab\"\n    s[0] = \"c\"\n"), "plan.py:8:5: item assignment on a str is not supported (strs are immutable)", ir.Unsupported},
	{"Assignment and unpacking", "tuple item assign", mainOf("    t = (1, 2)\n    t[0] = 3\n"), "plan.py:8:5: item assignment on a tuple[int, int] is not supported (tuples are immutable)", ir.Unsupported},
	{"Assignment and unpacking", "store wrong type", mainOf("    xs = [1]\n    xs[0] = \"a\"\n"), "plan.py:8:5: cannot store a str into a list[int] (the value must have the element type exactly)", ir.TypeMismatch},
	{"Assignment and unpacking", "optional store", mainOf("    d: dict[str, int | None] = {}\n    d[\"a\"] = 1\n"), "plan.py:8:5: cannot store an int into a dict[str, int | None] (the value must have the element type exactly)", ir.TypeMismatch},
	{"Assignment and unpacking", "aug slice", mainOf("    xs = [1]\n    xs[0:1] += [2]\n"), "plan.py:8:5: augmented assignment to a slice is not supported", ir.Unsupported},
	{"Assignment and unpacking", "aug attribute", mainOf("    x = 1\n    x.y += 1\n"), "plan.py:8:5: augmented assignment to attribute .y is not supported", ir.Unsupported},
	{"Assignment and unpacking", "aug bitor", mainOf("    x = 1\n    x |= 2\n"), "plan.py:8:5: operator | on int and int is not supported", ir.Unsupported},
	{"Assignment and unpacking", "aug list times", mainOf("    xs = [1]\n    xs *= 2\n"), "plan.py:8:5: augmented assignment *= on a list is not supported (it repeats the list in place; write xs = xs * n)", ir.Unsupported},
	{"Assignment and unpacking", "aug type change", mainOf("    x = 1\n    x /= 2\n"), "plan.py:8:5: x was int, cannot assign float", ir.TypeMismatch},
	{"Assignment and unpacking", "aug list of other", mainOf("    xs = [1]\n    xs += [\"a\"]\n"), "plan.py:8:11: += on a list of str elements into a list[int] is not supported", ir.Unsupported},
	{"Assignment and unpacking", "assign to call", mainOf("    f() = 1\n"), "plan.py:7:5: can't assign to function call", ir.Syntax},
	{"Loops", "for over a mixed tuple", mainOf("    for x in (1, \"a\"):\n        pass\n"), "plan.py:7:14: for loop over a tuple[int, str] is not supported (tuple elements must share one type)", ir.Unsupported},
	{"Loops", "break outside loop", mainOf("    break\n"), "plan.py:7:5: 'break' outside loop", ir.Syntax},
	{"Loops", "continue outside loop", mainOf("    continue\n"), "plan.py:7:5: 'continue' not properly in loop", ir.Syntax},
	{"Loops", "for int", mainOf("    for x in 5:\n        pass\n"), "plan.py:7:14: for loop over an int is not supported", ir.Unsupported},
	{"Exceptions and assertions", "raise bare", mainOf("    raise\n"), "plan.py:7:5: bare raise is not supported (there is no exception to re-raise)", ir.Unsupported},
	{"Exceptions and assertions", "raise from", mainOf("    raise ValueError(\"x\") from None\n"), "plan.py:7:32: raise ... from ... is not supported", ir.Unsupported},
	{"Exceptions and assertions", "raise custom", mainOf("    raise SystemExit(1)\n"), "plan.py:7:11: raise of SystemExit(1) is not supported (raise one of the builtin exceptions ValueError, RuntimeError, KeyError, IndexError, TypeError, AssertionError, ZeroDivisionError or Exception)", ir.Unsupported},
	{"Exceptions and assertions", "raise non-str", mainOf("    raise ValueError(1)\n"), "plan.py:7:22: exception message must be a str, got int", ir.TypeMismatch},
	{"Exceptions and assertions", "raise two args", mainOf("    raise ValueError(\"a\", \"b\")\n"), "plan.py:7:11: ValueError() takes one message here", ir.ArgumentError},
	{"Exceptions and assertions", "raise OSError", mainOf("    raise OSError(\"x\")\n"), "plan.py:7:11: raise of OSError('x') is not supported (raise one of the builtin exceptions ValueError, RuntimeError, KeyError, IndexError, TypeError, AssertionError, ZeroDivisionError or Exception)", ir.Unsupported},
	{"Exceptions and assertions", "exception call", mainOf("    e = ValueError(\"x\")\n"), "plan.py:7:9: call of ValueError outside raise is not supported", ir.Unsupported},
	{"Exceptions and assertions", "assert non-str", mainOf("    assert True, 1\n"), "plan.py:7:18: assert message must be a str, got int", ir.TypeMismatch},
	{"Names and types", "undefined name", mainOf("    send_email(y, \"x\")\n"), "plan.py:7:16: name y is not defined", ir.UndefinedName},
	{"Names and types", "undefined function", mainOf("    frobnicate(1)\n"), "plan.py:7:5: name frobnicate is not defined", ir.UndefinedName},
	{"Names and types", "type clash", mainOf("    x = 1\n    x = \"a\"\n"), "plan.py:8:5: x was int, cannot assign str", ir.TypeMismatch},
	{"Names and types", "annotation clash", mainOf("    x = 1\n    x: str = \"a\"\n"), "plan.py:8:5: x was int, cannot annotate it str", ir.TypeMismatch},
	{"Names and types", "used before assignment", mainOf("    if True:\n        x = 1\n    send_email(str(x), \"m\")\n"), "plan.py:9:20: name x is used before assignment (or not assigned on every path)", ir.Unassigned},
	{"Names and types", "empty dict read before its type is fixed", mainOf("    d = {}\n    print(len(d))\n    d[\"a\"] = 1\n"), "plan.py:8:15: cannot infer the type of d (assigned {} at line 7): it is used here, before a statement of its function fixes its type (x.append(v), x.add(v), x[k] = v, ...), as mypy requires; annotate it (e.g. d: dict[str, int] = {})", ir.TypeMismatch},
	{"Names and types", "empty list", mainOf("    xs = []\n"), "plan.py:7:10: cannot infer the type of an empty list; annotate it (e.g. x: list[str] = [])", ir.TypeMismatch},
	{"Names and types", "relation in a plan", mainOf("    r = mail.Email\n"), "plan.py:7:9: use of relation mail.Email is not supported", ir.Unsupported},
	{"Names and types", "missing module attribute", mainOf("    mail.nope(1)\n"), "plan.py:7:5: module mail has no attribute nope", ir.UndefinedName},
	{"Functions and calls", "starred argument", mainOf("    args = [\"a\", \"b\"]\n    send_email(*args)\n"), "plan.py:8:17: starred argument is not supported", ir.Unsupported},
	{"Functions and calls", "decorator", head + "\n@staticmethod\ndef main() -> None:\n    pass\n", "plan.py:5:2: decorator staticmethod is not supported", ir.Unsupported},
	{"Functions and calls", "argument type", mainOf("    send_email(1, \"x\")\n"), "plan.py:7:16: argument addr of send_email() must be str, got int", ir.TypeMismatch},
	{"Functions and calls", "recursion", head + "\ndef f(n: int) -> None:\n    f(n - 1)\n\ndef main() -> None:\n    f(3)\n", "plan.py:6:5: recursive call of f is not supported: a plan must end on every path and the prover follows every call (write it as a for loop over a range)", ir.Unsupported},
	{"Functions and calls", "mutual recursion", head + "\ndef is_even(n: int) -> bool:\n    return True if n == 0 else is_odd(n - 1)\n\ndef is_odd(n: int) -> bool:\n    return False if n == 0 else is_even(n - 1)\n\ndef main() -> None:\n    print(is_even(4))\n", "plan.py:9:33: recursive call of is_even is not supported: a plan must end on every path and the prover follows every call (write it as a for loop over a range)", ir.Unsupported},
	{"Functions and calls", "missing parameter annotation", head + "\ndef f(n) -> None:\n    pass\n\ndef main() -> None:\n    f(3)\n", "plan.py:5:7: parameter n of f needs a type annotation", ir.PlanError},
	{"Functions and calls", "value without return annotation", head + "\ndef f():\n    return 1\n\ndef main() -> None:\n    pass\n", "plan.py:5:1: f returns a value but has no return annotation", ir.PlanError},
	{"Functions and calls", "missing return", head + "\ndef f(x: int) -> int:\n    if x > 0:\n        return 1\n\ndef main() -> None:\n    pass\n", "plan.py:5:1: f may end without returning a int value", ir.PlanError},
	{"Functions and calls", "return type", head + "\ndef f() -> int:\n    return \"a\"\n\ndef main() -> None:\n    pass\n", "plan.py:6:12: f returns int, not str", ir.TypeMismatch},
	{"Functions and calls", "too many arguments", mainOf("    send_email(\"a\", \"b\", [], 1)\n"), "plan.py:7:5: send_email() takes 3 positional arguments but 4 were given", ir.ArgumentError},
	{"Functions and calls", "unknown keyword", mainOf("    send_email(\"a\", \"b\", bcc=[])\n"), "plan.py:7:26: send_email() got an unexpected keyword argument 'bcc'", ir.ArgumentError},
	{"Functions and calls", "missing argument", mainOf("    send_email(\"a\")\n"), "plan.py:7:5: send_email() missing required argument 'msg'", ir.ArgumentError},
	{"Functions and calls", "reordered calls", head + "\ndef f(x: str) -> str:\n    return x\n\ndef main() -> None:\n    send_email(msg=f(\"m\"), addr=f(\"a\"))\n", "plan.py:9:20: keyword argument msg of send_email() is evaluated before addr in Python but after it in parameter order; reordering arguments that call functions or may raise is not supported", ir.Unsupported},
	{"Functions and calls", "call of local", mainOf("    f = 1\n    f()\n"), "plan.py:8:5: call of local f is not supported", ir.Unsupported},
	{"Functions and calls", "function as value", mainOf("    f = main\n"), "plan.py:7:9: function main used as a value is not supported", ir.Unsupported},
	{"Functions and calls", "varargs", "import clauz3\n\ndef f(*args: int) -> None:\n    pass\n\ndef main() -> None:\n    pass\n", "plan.py:3:8: *args parameter is not supported", ir.Unsupported},
	{"Functions and calls", "kwargs", "import clauz3\n\ndef f(**kw: int) -> None:\n    pass\n\ndef main() -> None:\n    pass\n", "plan.py:3:9: **kw parameter is not supported", ir.Unsupported},
	{"Functions and calls", "kwonly", "import clauz3\n\ndef f(*, a: int) -> None:\n    pass\n\ndef main() -> None:\n    pass\n", "plan.py:3:10: keyword-only parameter a is not supported", ir.Unsupported},
	{"Functions and calls", "nested def in a block", mainOf("    if True:\n        def f() -> None:\n            pass\n"), "plan.py:8:9: nested function definition inside a block is not supported (define it directly in the function's body)", ir.Unsupported},
	{"Functions and calls", "nested def as value", mainOf("    def f() -> None:\n        pass\n\n    g = f\n"), "plan.py:10:9: function f used as a value is not supported", ir.Unsupported},
	{"Functions and calls", "nested def called before its def", mainOf("    f()\n\n    def f() -> None:\n        pass\n"), "plan.py:7:5: function f is called before its definition", ir.Unassigned},
	{"Plan-written contracts", "deal.inv", head + "import deal\n\n@deal.inv(lambda: True)\ndef main() -> None:\n    pass\n", "plan.py:6:2: decorator deal.inv is not supported in a plan: only a trusted layer declares effects, contracts, fluent updates and invariants (a plan may write @clauz3.guarantee on its target, and @deal.pre/@deal.post/@clauz3.requires/@clauz3.ensures, which are proved)", ir.Unsupported},
	{"Plan-written contracts", "deal.ensure", head + "import deal\n\n@deal.ensure(lambda n, result: result > n)\ndef f(n: int) -> int:\n    return n + 1\n\ndef main() -> None:\n    f(1)\n", "plan.py:6:2: decorator deal.ensure is not supported in a plan: only a trusted layer declares effects, contracts, fluent updates and invariants (a plan may write @clauz3.guarantee on its target, and @deal.pre/@deal.post/@clauz3.requires/@clauz3.ensures, which are proved)", ir.Unsupported},
	{"Plan-written contracts", "trusted plan function", head + "\n@clauz3.trusted\ndef main() -> None:\n    pass\n", "plan.py:5:2: decorator clauz3.trusted is not supported in a plan: only a trusted layer declares effects, contracts, fluent updates and invariants (a plan may write @clauz3.guarantee on its target, and @deal.pre/@deal.post/@clauz3.requires/@clauz3.ensures, which are proved)", ir.Unsupported},
	{"Plan-written contracts", "condition without a lambda", head + "import deal\n\n@deal.pre\ndef main() -> None:\n    pass\n", "plan.py:6:2: decorator deal.pre must be called with a lambda", ir.PlanError},
	{"Plan-written contracts", "condition calls an effect", head + "\n@clauz3.requires(lambda addr: send_email(addr, \"m\"))\ndef main(addr: str) -> None:\n    pass\n", "plan.py:5:31: call of send_email in a plan condition is not supported: a condition may use only len, startswith and endswith, never an effect or a function", ir.Unsupported},
	{"Plan-written contracts", "condition reads a global", head + "\n@clauz3.requires(lambda n: n < limit)\ndef main(n: int) -> None:\n    pass\n", "plan.py:5:32: limit in a plan condition is not supported: a condition reads only its own parameters, literals and constants", ir.Unsupported},
	{"Plan-written contracts", "condition names no parameter", head + "\n@clauz3.requires(lambda m: m > 0)\ndef main(n: int) -> None:\n    pass\n", "plan.py:5:25: requires of main names m, which is not a parameter of main", ir.UndefinedName},
	{"Plan-written contracts", "ensures of two parameters", head + "\n@clauz3.ensures(lambda n, result: result > n)\ndef f(n: int) -> int:\n    return n\n\ndef main() -> None:\n    f(1)\n", "plan.py:5:17: ensures of f must take one parameter, the result", ir.PlanError},
	{"Plan-written contracts", "ensures on None", head + "\n@clauz3.ensures(lambda result: True)\ndef main() -> None:\n    pass\n", "plan.py:5:2: ensures of main is not supported: main returns None, so there is no result to ensure anything about", ir.Unsupported},
	{"Plan-written contracts", "condition message", head + "\n@clauz3.requires(lambda n: n > 0, message=MSG)\ndef main(n: int) -> None:\n    pass\n", "plan.py:5:43: message of clauz3.requires must be a string literal", ir.PlanError},
	{"Plan-written contracts", "condition arithmetic", head + "\n@clauz3.requires(lambda n: n // 2 > 0)\ndef main(n: int) -> None:\n    pass\n", "plan.py:5:28: operator // is not supported in a plan condition", ir.Unsupported},
	{"Guarantees", "guarantee with non-literal argument", head + "\n@clauz3.guarantee(mail.only([\"a\" + \"b\"]))\ndef main() -> None:\n    pass\n", "plan.py:5:29: non-literal guarantee argument is not supported", ir.Unsupported},
	{"Guarantees", "guarantee with a name", head + "\n@clauz3.guarantee(mail.only(addrs))\ndef main() -> None:\n    pass\n", "plan.py:5:29: non-literal guarantee argument is not supported", ir.Unsupported},
	{"Guarantees", "guarantees joined with and", head + "\n@clauz3.guarantee(mail.only([\"a@b.c\"]) and mail.at_most(1))\ndef main() -> None:\n    pass\n", "plan.py:5:19: guarantee takes a contract call, not a boolean operator and (write one @clauz3.guarantee per contract: each must hold; in Python, A and B is B alone)", ir.ArgumentError},
	{"Guarantees", "two contracts in one guarantee", head + "\n@clauz3.guarantee(mail.only([\"a@b.c\"]), mail.at_most(1))\ndef main() -> None:\n    pass\n", "plan.py:5:2: clauz3.guarantee takes one contract call (write one @clauz3.guarantee per contract: each must hold), e.g. @clauz3.guarantee(emails.only([\"bob@example.com\"]))", ir.ArgumentError},
	{"Guarantees", "unknown contract", head + "\n@clauz3.guarantee(mail.nope())\ndef main() -> None:\n    pass\n", "plan.py:5:19: tools.mail.trusted.contracts has no contract nope", ir.UndefinedName},
	{"Guarantees", "guarantee argument type", head + "\n@clauz3.guarantee(mail.only(\"bob@example.com\"))\ndef main() -> None:\n    pass\n", "plan.py:5:29: argument addresses of mail.only() must be list[str], got str", ir.TypeMismatch},
	{"Guarantees", "guarantee on helper", head + "\n@clauz3.guarantee(mail.at_most(1))\ndef f() -> None:\n    pass\n\ndef main() -> None:\n    f()\n", "plan.py:5:2: guarantee on f is not supported: only the target main carries guarantees", ir.Unsupported},
	{"Guarantees", "contract called in body", mainOf("    mail.only([\"a\"])\n"), "plan.py:7:5: call of contract mail.only outside a guarantee is not supported", ir.Unsupported},
	{"Expressions", "lambda", mainOf("    f = lambda: 1\n"), "plan.py:7:9: lambda is only supported as the key= argument of sorted(), min(), max() and list.sort()", ir.Unsupported},
	{"Expressions", "mixed list", mainOf("    xs = [1, \"a\"]\n"), "plan.py:7:14: list elements must have one type, got int and str (mypy joins them to object, which is not a plan type)", ir.TypeMismatch},
	{"Expressions", "and of different types", mainOf("    x = 1 and \"a\"\n"), "plan.py:7:15: operands of and must have one type, got int and str", ir.TypeMismatch},
	{"Expressions", "compare different types", mainOf("    x = 1 == \"a\"\n"), "plan.py:7:9: comparison int == str is not supported (the operands must have one type)", ir.Unsupported},
	{"Expressions", "bytes", mainOf("    x = b\"a\"\n"), "plan.py:7:9: bytes literal is not supported", ir.Unsupported},
	{"Expressions", "big int", mainOf("    x = 99999999999999999999\n"), "plan.py:7:9: integer literal 99999999999999999999 does not fit in 64 bits", ir.PlanError},
	{"Expressions", "cond mixed", mainOf("    x = 1 if True else \"a\"\n"), "plan.py:7:9: conditional expression arms must have one type, got int and str (mypy joins them to object, which is not a plan type)", ir.TypeMismatch},
	{"Expressions", "cond int float", mainOf("    x = 1 if True else 2.0\n    print(x)\n"), "plan.py:7:9: x is float but may be assigned the int 1 by the conditional expression (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the value flows into arithmetic with a float or a comparison, and line 8:11 reads x otherwise", ir.TypeMismatch},
	{"Expressions", "cond int float printed", mainOf("    print(1 if len(\"a\") > 0 else 2.0)\n"), "plan.py:7:11: the conditional expression may be the int 1 here (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the result flows into arithmetic with a float or a comparison, or into a float local that does, and line 7:11 uses it otherwise", ir.TypeMismatch},
	{"Expressions", "cond int var float", mainOf("    n = 1\n    x = n if True else 2.0\n"), "plan.py:8:9: conditional expression arms must have one type, got int and float (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Expressions", "compare list int", mainOf("    x = [1] < 2\n"), "plan.py:7:9: comparison list[int] < int is not supported", ir.Unsupported},
	{"Expressions", "compare none less", mainOf("    x = None < 1\n"), "plan.py:7:9: comparison None < int is not supported", ir.Unsupported},
	{"Expressions", "in mismatch", mainOf("    x = 1 in [\"a\"]\n"), "plan.py:7:9: membership test int in list[str] is not supported", ir.Unsupported},
	{"Numbers and operators", "max of a float and an int printed", mainOf("    print(max(0.5, 1))\n"), "plan.py:7:20: max() may return the int 1 here (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the result flows into arithmetic with a float or a comparison, or into a float local that does, and line 7:11 uses it otherwise", ir.TypeMismatch},
	{"Numbers and operators", "max of a float and an int local printed", mainOf("    m = max(0.5, 1)\n    print(m)\n"), "plan.py:7:18: m is float but may be assigned the int 1 by max() (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the value flows into arithmetic with a float or a comparison, and line 8:11 reads m otherwise", ir.TypeMismatch},
	{"Numbers and operators", "list of an int and a float", mainOf("    xs = [1, 0.5]\n"), "plan.py:7:14: list elements must have one type, got int and float (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Numbers and operators", "append an int to a list of floats", mainOf("    xs = [0.5]\n    xs.append(1)\n"), "plan.py:8:15: argument of list.append() must be float, got int (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Numbers and operators", "store an int into a list of floats", mainOf("    xs = [0.5]\n    xs[0] = 1\n"), "plan.py:8:5: cannot store an int into a list[float] (the value must have the element type exactly) (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Numbers and operators", "assign an int to a float local", mainOf("    x = 0.5\n    x = 1\n    print(x)\n"), "plan.py:8:5: x is float but assigned the int 1 (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the value flows into arithmetic with a float or a comparison, and line 9:11 reads x otherwise", ir.TypeMismatch},
	{"Expressions", "cond bool int", mainOf("    x = True if len(\"a\") > 0 else 2\n"), "plan.py:7:9: conditional expression arms must have one type, got bool and int (mypy joins them to int, but CPython keeps the bool, which prints as True where an int prints 1: write int(b))", ir.TypeMismatch},
	{"Expressions", "cond list int", mainOf("    xs = [1]\n    x = xs[::-1] if len(xs) > 0 else xs[0]\n"), "plan.py:8:9: conditional expression arms must have one type, got list[int] and int (mypy joins them to object, which is not a plan type)", ir.TypeMismatch},
	{"Numbers and operators", "float to int annotated", mainOf("    x: float = 1\n    print(x)\n"), "plan.py:7:16: x is float but assigned the int 1 (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the value flows into arithmetic with a float or a comparison, and line 8:11 reads x otherwise", ir.TypeMismatch},
	{"Numbers and operators", "float param int", mainOf("    send_email(\"a\", 1.5)\n"), "plan.py:7:21: argument msg of send_email() must be str, got float", ir.TypeMismatch},
	{"Numbers and operators", "pow negative", mainOf("    x = 2 ** -1\n"), "plan.py:7:9: operator ** on ints needs a non-negative int constant exponent: Python gives a float for a negative one (write float(x) ** n)", ir.Unsupported},
	{"Numbers and operators", "pow variable", mainOf("    n = 3\n    x = 2 ** n\n"), "plan.py:8:9: operator ** on ints needs a non-negative int constant exponent: Python gives a float for a negative one (write float(x) ** n)", ir.Unsupported},
	{"Numbers and operators", "pow float exp negative base", mainOf("    b = -8.0\n    x = b ** 0.5\n"), "plan.py:8:9: operator ** with a float exponent needs an int exponent or a non-negative constant base: Python gives a complex number for a negative base", ir.Unsupported},
	{"Numbers and operators", "str mod", mainOf("    x = \"%d\" % 3\n"), "plan.py:7:9: operator % on str and int is not supported", ir.Unsupported},
	{"Numbers and operators", "bitand", mainOf("    x = 1 & 2\n"), "plan.py:7:9: operator & on int and int is not supported", ir.Unsupported},
	{"Numbers and operators", "invert", mainOf("    x = ~1\n"), "plan.py:7:9: unary operator ~ is not supported", ir.Unsupported},
	{"Numbers and operators", "unary minus str", mainOf("    x = -\"a\"\n"), "plan.py:7:9: unary - on str is not supported", ir.Unsupported},
	{"Numbers and operators", "unary minus bool", mainOf("    x = -True\n"), "plan.py:7:9: unary - on bool is not supported", ir.Unsupported},
	{"Optional values", "optional arithmetic", mainOf("    x: int | None = 1\n    y = x + 1\n"), "plan.py:8:9: operator + on int | None and int is not supported (a value of type int | None is used as a int only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.TypeMismatch},
	{"Optional values", "optional arg", mainOf("    x: int | None = 1\n    n = abs(x)\n"), "plan.py:8:13: abs() of int | None is not supported (a value of type int | None is used as a int only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Optional values", "optional index", mainOf("    x: list[int] | None = None\n    y = x[0]\n"), "plan.py:8:9: indexing a list[int] | None is not supported (a value of type list[int] | None is used as a list[int] only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Optional values", "optional len", mainOf("    x: str | None = None\n    n = len(x)\n"), "plan.py:8:13: len() of str | None is not supported (a value of type str | None is used as a str only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Optional values", "optional method", mainOf("    x: str | None = None\n    y = x.upper()\n"), "plan.py:8:9: method .upper() of str | None is not supported (a value of type str | None is used as a str only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Optional values", "optional iterate", mainOf("    x: list[int] | None = None\n    for y in x:\n        pass\n"), "plan.py:8:14: for loop over a list[int] | None is not supported (a value of type list[int] | None is used as a list[int] only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Optional values", "optional param", mainOf("    x: int | None = None\n    send_email(\"a\", \"b\", x)\n"), "plan.py:8:26: argument cc of send_email() must be list[str], got int | None (a value of type int | None is used as a int only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.TypeMismatch},
	{"Optional values", "optional less", mainOf("    x: int | None = None\n    y = x < 3\n"), "plan.py:8:9: comparison int | None < int is not supported (a value of type int | None is used as a int only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.TypeMismatch},
	{"Optional values", "optional or", mainOf("    x: int | None = None\n    y = x or 0\n"), "plan.py:8:14: operands of or must have one type, got int | None and int", ir.TypeMismatch},
	{"Optional values", "none eq int", mainOf("    y = 1 == None\n"), "plan.py:7:9: comparison int == None is not supported (an int is never None; test it with `is None`)", ir.Unsupported},
	{"Optional values", "is non-None", mainOf("    x = 1\n    y = x is 1\n"), "plan.py:8:9: identity comparison (is) is only supported with None; compare values with == or !=", ir.Unsupported},
	{"Optional values", "union", mainOf("    x: int | str = 1\n"), "plan.py:7:8: union type int | str is not supported (only T | None)", ir.Unsupported},
	{"Optional values", "Optional not imported", mainOf("    x: Optional[int] = None\n"), "plan.py:7:8: type Optional is not defined (import it from typing)", ir.UndefinedName},
	{"Optional values", "None after", mainOf("    x = 1\n    x = None\n"), "plan.py:8:5: x was int, cannot assign None", ir.TypeMismatch},
	{"Optional values", "None then two types", mainOf("    x = None\n    print(x)\n    x = 1\n    x = \"a\"\n"), "plan.py:10:5: x was int | None, cannot assign str", ir.TypeMismatch},
	{"Indexing and slicing", "list index str", mainOf("    xs = [1]\n    y = xs[\"a\"]\n"), "plan.py:8:12: index of a list[int] must be int, got str", ir.TypeMismatch},
	{"Indexing and slicing", "list index bool", mainOf("    xs = [1]\n    y = xs[True]\n"), "plan.py:8:12: index of a list[int] must be int, got bool", ir.TypeMismatch},
	{"Indexing and slicing", "tuple index out of range", mainOf("    t = (1, \"a\")\n    y = t[2]\n"), "plan.py:8:11: tuple index 2 is out of range for tuple[int, str]", ir.PlanError},
	{"Indexing and slicing", "tuple index variable", mainOf("    t = (1, \"a\")\n    i = 0\n    y = t[i]\n"), "plan.py:9:11: index of a tuple[int, str] must be an int constant (its elements have different types)", ir.TypeMismatch},
	{"Indexing and slicing", "dict key type", mainOf("    d = {\"a\": 1}\n    y = d[1]\n"), "plan.py:8:11: key of a dict[str, int] must be str, got int", ir.TypeMismatch},
	{"Indexing and slicing", "slice tuple", mainOf("    t = (1, 2)\n    n = 1\n    y = t[n:]\n"), "plan.py:9:9: slicing a tuple with a bound that is not an int constant is not supported (the result's length is part of its type; slice a list)", ir.Unsupported},
	{"Indexing and slicing", "slice dict", mainOf("    d = {\"a\": 1}\n    y = d[1:]\n"), "plan.py:8:9: slicing a dict[str, int] is not supported", ir.Unsupported},
	{"Indexing and slicing", "slice step zero", mainOf("    xs = [1]\n    y = xs[::0]\n"), "plan.py:8:14: slice step cannot be zero", ir.PlanError},
	{"Indexing and slicing", "slice bound str", mainOf("    xs = [1]\n    y = xs[\"a\":]\n"), "plan.py:8:12: slice bound must be int, got str", ir.TypeMismatch},
	{"Indexing and slicing", "extended slice", mainOf("    xs = [1]\n    y = xs[1:2, 3]\n"), "plan.py:8:9: extended slicing is not supported", ir.Unsupported},
	{"Indexing and slicing", "index int", mainOf("    x = 5\n    y = x[0]\n"), "plan.py:8:9: indexing an int is not supported", ir.Unsupported},
	{"Comprehensions and lambdas", "comprehension list unpack", mainOf("    xs = [a for a, b in [[1, 2]]]\n"), "plan.py:7:17: unpacking a list[int] in a comprehension is not supported (only tuples, whose length is known)", ir.Unsupported},
	{"Comprehensions and lambdas", "comprehension attribute target", mainOf("    xs = [1 for x.y in [1]]\n"), "plan.py:7:17: comprehension target attribute access .y is not supported", ir.Unsupported},
	{"Comprehensions and lambdas", "lambda value", mainOf("    f = lambda x: x\n"), "plan.py:7:9: lambda is only supported as the key= argument of sorted(), min(), max() and list.sort()", ir.Unsupported},
	{"Comprehensions and lambdas", "lambda key two params", mainOf("    xs = sorted([1], key=lambda a, b: a)\n"), "plan.py:7:26: key= lambda of sorted() must take exactly one parameter", ir.ArgumentError},
	{"Comprehensions and lambdas", "key not orderable", mainOf("    xs = sorted([1], key=lambda a: None)\n"), "plan.py:7:26: key= of sorted() gives None, which does not order", ir.TypeMismatch},
	{"Comprehensions and lambdas", "key builtin unknown", mainOf("    xs = sorted([\"a\"], key=str.strip)\n"), "plan.py:7:28: key= of sorted() must be a lambda, a plan function, len, abs, str, str.lower or str.upper applicable to str", ir.TypeMismatch},
	{"Comprehensions and lambdas", "lambda default", mainOf("    xs = sorted([1], key=lambda v=1: v)\n"), "plan.py:7:26: key= lambda of sorted() must take exactly one parameter", ir.ArgumentError},
	{"Iteration helpers and generators", "generator alone", mainOf("    g = (x for x in [1])\n"), "plan.py:7:9: generator expression is only supported as the argument of list(), set(), dict(), sorted(), sum(), min(), max(), any(), all() and str.join() (write a list comprehension)", ir.Unsupported},
	{"Iteration helpers and generators", "generator in for", mainOf("    for x in (y for y in [1]):\n        pass\n"), "plan.py:7:14: generator expression is only supported as the argument of list(), set(), dict(), sorted(), sum(), min(), max(), any(), all() and str.join() (write a list comprehension)", ir.Unsupported},
	{"Iteration helpers and generators", "generator any index", mainOf("    xs = [1]\n    ok = any(xs[i] > 0 for i in range(3))\n"), "plan.py:8:13: generator expression in any() that calls a function or may raise is not supported (any() stops at the first decisive element; write a list comprehension to evaluate every element)", ir.Unsupported},
	{"Iteration helpers and generators", "generator any abs overflow", mainOf("    xs = [1]\n    ok = any(abs(x) > 0 for x in xs)\n"), "plan.py:8:13: generator expression in any() that calls a function or may raise is not supported (any() stops at the first decisive element; write a list comprehension to evaluate every element)", ir.Unsupported},
	{"Iteration helpers and generators", "generator all zfill memory", mainOf("    xs = [\"1\"]\n    ok = all(x.zfill(3) != \"\" for x in xs)\n"), "plan.py:8:13: generator expression in all() that calls a function or may raise is not supported (all() stops at the first decisive element; write a list comprehension to evaluate every element)", ir.Unsupported},
	{"Iteration helpers and generators", "generator any sum overflow", mainOf("    xs = [[1]]\n    ok = any(sum(x) > 0 for x in xs)\n"), "plan.py:8:13: generator expression in any() that calls a function or may raise is not supported (any() stops at the first decisive element; write a list comprehension to evaluate every element)", ir.Unsupported},
	{"Iteration helpers and generators", "tuple of generator", mainOf("    t = tuple(x for x in [1])\n"), "plan.py:7:14: generator expression is only supported as the argument of list(), set(), dict(), sorted(), sum(), min(), max(), any(), all() and str.join() (write a list comprehension)", ir.Unsupported},
	{"Iteration helpers and generators", "enumerate value", mainOf("    e = enumerate([1])\n"), "plan.py:7:9: enumerate() is only supported where its result is iterated or consumed whole (for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join())", ir.Unsupported},
	{"Iteration helpers and generators", "zip print", mainOf("    print(zip([1], [2]))\n"), "plan.py:7:11: zip() is only supported where its result is iterated or consumed whole (for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join())", ir.Unsupported},
	{"Iteration helpers and generators", "keys print", mainOf("    d = {\"a\": 1}\n    print(d.keys())\n"), "plan.py:8:11: dict.keys() is only supported where its result is iterated or consumed whole (for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join())", ir.Unsupported},
	{"Iteration helpers and generators", "items value", mainOf("    d = {\"a\": 1}\n    it = d.items()\n"), "plan.py:8:10: dict.items() is only supported where its result is iterated or consumed whole (for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join())", ir.Unsupported},
	{"Iteration helpers and generators", "range value", mainOf("    r = range(3)\n"), "plan.py:7:9: range() is only supported where its result is iterated or consumed whole (for loops, comprehensions, `in`, and the arguments of list(), tuple(), set(), dict(), sorted(), sum(), min(), max(), any(), all(), enumerate(), zip(), reversed() and str.join())", ir.Unsupported},
	{"Iteration helpers and generators", "len enumerate", mainOf("    n = len(enumerate([1]))\n"), "plan.py:7:13: len() of enumerate() is not supported (it has no length)", ir.Unsupported},
	{"Iteration helpers and generators", "len zip", mainOf("    n = len(zip([1], [2]))\n"), "plan.py:7:13: len() of zip() is not supported (it has no length)", ir.Unsupported},
	{"Iteration helpers and generators", "reversed enumerate", mainOf("    for x in reversed(enumerate([1])):\n        pass\n"), "plan.py:7:23: reversed() of enumerate() is not supported (it is not reversible)", ir.Unsupported},
	{"Iteration helpers and generators", "zip strict", mainOf("    for x in zip([1], [2], strict=True):\n        pass\n"), "plan.py:7:35: zip() with strict= is not supported", ir.Unsupported},
	{"Iteration helpers and generators", "zip empty", mainOf("    for x in zip():\n        pass\n"), "plan.py:7:14: zip() without arguments is not supported", ir.Unsupported},
	{"Iteration helpers and generators", "range float", mainOf("    for i in range(1.5):\n        pass\n"), "plan.py:7:20: range() argument must be int, got float", ir.TypeMismatch},
	{"Iteration helpers and generators", "range step zero", mainOf("    for i in range(1, 2, 0):\n        pass\n"), "plan.py:7:26: range() step must not be zero", ir.PlanError},
	{"Iteration helpers and generators", "range kw", mainOf("    for i in range(stop=3):\n        pass\n"), "plan.py:7:14: range() takes one to three positional arguments", ir.ArgumentError},
	{"Sets", "for set", mainOf("    for x in {1, 2}:\n        pass\n"), "plan.py:7:14: for loop over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "comprehension set", mainOf("    xs = [x for x in {1, 2}]\n"), "plan.py:7:22: comprehension over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "aug list set", mainOf("    xs = [1]\n    xs += {2}\n"), "plan.py:8:11: += on a list over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "print set", mainOf("    print({1, 2})\n"), "plan.py:7:11: print() of a set[int] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Sets", "str set", mainOf("    s = str({1})\n"), "plan.py:7:13: str() of a set[int] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Sets", "repr set", mainOf("    s = repr({1})\n"), "plan.py:7:14: repr() of a set[int] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Sets", "fstring set", mainOf("    s = f\"{ {1} }\"\n"), "plan.py:7:13: f-string of a set[int] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Sets", "list set", mainOf("    xs = list({1})\n"), "plan.py:7:15: list() over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "min set", mainOf("    m = min({1, 2})\n"), "plan.py:7:13: min() over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "max set", mainOf("    m = max({1, 2})\n"), "plan.py:7:13: max() over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "sum set", mainOf("    m = sum({1, 2})\n"), "plan.py:7:13: sum() over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "sorted set key", mainOf("    xs = sorted({1, -1}, key=abs)\n"), "plan.py:7:30: sorted() of a set with key= is not supported: elements with equal keys would keep their set order, and CPython's set order is not something a plan may depend on", ir.Unsupported},
	{"Sets", "dict of set values printed", mainOf("    d = {\"a\": {1}}\n    print(d)\n"), "plan.py:8:11: print() of a dict[str, set[int]] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Sets", "set index", mainOf("    s = {1}\n    x = s[0]\n"), "plan.py:8:9: indexing a set[int] is not supported (sets are not subscriptable)", ir.Unsupported},
	{"Sets", "set unhashable", mainOf("    s = {[1]}\n"), "plan.py:7:10: set element of type list[int] is not hashable", ir.TypeMismatch},
	{"Sets", "set mixed", mainOf("    s = {1, \"a\"}\n"), "plan.py:7:13: set elements must have one type, got int and str (mypy joins them to object, which is not a plan type)", ir.TypeMismatch},
	{"Sets", "set method union", mainOf("    s = {1}\n    t = s.union({2})\n"), "plan.py:8:9: method .union() of set[int] is not supported", ir.Unsupported},
	{"Sets", "set ordering", mainOf("    a = {1} < {1, 2}\n"), "plan.py:7:9: comparison set[int] < set[int] is not supported", ir.Unsupported},
	{"Sets", "tuple of set", mainOf("    t = tuple({1})\n"), "plan.py:7:15: tuple() of a set[int] is not supported (a tuple's length is part of its type; use a list)", ir.Unsupported},
	{"Sets", "set comprehension unhashable", mainOf("    s = {[x] for x in [1]}\n"), "plan.py:7:10: set element of type list[int] is not hashable", ir.TypeMismatch},
	{"Sets", "enumerate set", mainOf("    for i, x in enumerate({1}):\n        pass\n"), "plan.py:7:27: enumerate() over a set[int] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "join set", mainOf("    s = \",\".join({\"a\"})\n"), "plan.py:7:18: str.join() over a set[str] is not supported: CPython's set order is not something a plan may depend on (iterate sorted(...) instead)", ir.Unsupported},
	{"Sets", "empty set", mainOf("    s = set()\n"), "plan.py:7:9: cannot infer the type of an empty set; annotate it (e.g. x: set[str] = set())", ir.TypeMismatch},
	{"Sets", "reversed set", mainOf("    for x in reversed({1}):\n        pass\n"), "plan.py:7:23: reversed() of a set[int] is not supported (a set is not reversible)", ir.Unsupported},
	{"Sets", "aug dict value set", mainOf("    d = {\"a\": {1}}\n    d[\"a\"] += {2}\n"), "plan.py:8:5: operator + on set[int] and set[int] is not supported", ir.Unsupported},
	{"Sets", "str set comprehension print", mainOf("    print(str({x for x in [1]}))\n"), "plan.py:7:15: str() of a set[int] is not supported: the text of a set depends on CPython's set order, which a plan may not depend on; print sorted(s) instead", ir.Unsupported},
	{"Builtins", "open", mainOf("    open(\"x\")\n"), "plan.py:7:5: call of open is not supported", ir.Unsupported},
	{"Builtins", "eval", mainOf("    eval(\"1\")\n"), "plan.py:7:5: call of eval is not supported", ir.Unsupported},
	{"Builtins", "exec", mainOf("    exec(\"1\")\n"), "plan.py:7:5: call of exec is not supported", ir.Unsupported},
	{"Builtins", "__import__", mainOf("    __import__(\"os\")\n"), "plan.py:7:5: call of __import__ is not supported", ir.Unsupported},
	{"Builtins", "getattr", mainOf("    getattr(main, \"x\")\n"), "plan.py:7:5: call of getattr is not supported", ir.Unsupported},
	{"Builtins", "map", mainOf("    xs = list(map(str, [1]))\n"), "plan.py:7:15: call of map is not supported", ir.Unsupported},
	{"Builtins", "filter", mainOf("    xs = list(filter(None, [1]))\n"), "plan.py:7:15: call of filter is not supported", ir.Unsupported},
	{"Builtins", "input", mainOf("    s = input()\n"), "plan.py:7:9: call of input is not supported", ir.Unsupported},
	{"Builtins", "isinstance", mainOf("    b = isinstance(1, int)\n"), "plan.py:7:9: call of isinstance is not supported", ir.Unsupported},
	{"Builtins", "divmod", mainOf("    q = divmod(7, 2)\n"), "plan.py:7:9: call of divmod is not supported", ir.Unsupported},
	{"Builtins", "pow builtin", mainOf("    q = pow(2, 3)\n"), "plan.py:7:9: call of pow is not supported", ir.Unsupported},
	{"Builtins", "format builtin", mainOf("    q = format(3, \"x\")\n"), "plan.py:7:9: call of format is not supported", ir.Unsupported},
	{"Builtins", "sorted not orderable", mainOf("    xs = sorted([{\"a\": 1}])\n"), "plan.py:7:10: sorted() of dict[str, int] elements is not supported (they do not order)", ir.Unsupported},
	{"Builtins", "min mixed", mainOf("    n = 1\n    m = min(n, 2.5)\n"), "plan.py:8:16: arguments of min() must have one type, got int and float (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Builtins", "min mixed with key", mainOf("    m = min(1, 2.5, key=lambda v: v)\n"), "plan.py:7:16: arguments of min() must have one type, got int and float (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n))", ir.TypeMismatch},
	{"Builtins", "min default", mainOf("    m = min([1], default=0)\n"), "plan.py:7:26: min() with default= is not supported", ir.Unsupported},
	{"Builtins", "max dicts", mainOf("    m = max([{\"a\": 1}])\n"), "plan.py:7:9: max() of dict[str, int] values is not supported (they do not order)", ir.Unsupported},
	{"Builtins", "sum floats no start", mainOf("    s = sum([1.5])\n"), "plan.py:7:9: sum() of float values needs a float start, e.g. sum(xs, 0.0): the sum of no values is the start itself", ir.TypeMismatch},
	{"Builtins", "sum str", mainOf("    s = sum([\"a\"])\n"), "plan.py:7:13: sum() of strs is not supported (use str.join)", ir.Unsupported},
	{"Builtins", "sum bool start", mainOf("    s = sum([1], True)\n"), "plan.py:7:18: sum() with a bool start is not supported", ir.Unsupported},
	{"Builtins", "sum lists no start", mainOf("    s = sum([[1]])\n"), "plan.py:7:9: sum() of list[int] values from an int start is not supported", ir.Unsupported},
	{"Builtins", "dict kwargs", mainOf("    d = dict(a=1)\n"), "plan.py:7:14: dict() with keyword arguments is not supported (write a dict display)", ir.Unsupported},
	{"Builtins", "dict of list of lists", mainOf("    d = dict([[1, 2]])\n"), "plan.py:7:14: dict() of a list[list[int]] is not supported (it takes a dict or (key, value) tuples)", ir.Unsupported},
	{"Builtins", "dict empty", mainOf("    d = dict()\n"), "plan.py:7:9: cannot infer the type of an empty dict; annotate it (e.g. x: dict[str, int] = dict())", ir.TypeMismatch},
	{"Builtins", "list empty", mainOf("    xs = list()\n"), "plan.py:7:10: cannot infer the type of an empty list; annotate it (e.g. x: list[str] = list())", ir.TypeMismatch},
	{"Builtins", "tuple of list", mainOf("    t = tuple([1])\n"), "plan.py:7:15: tuple() of a list[int] is not supported (a tuple's length is part of its type; use a list)", ir.Unsupported},
	{"Builtins", "int base", mainOf("    n = int(\"10\", 2)\n"), "plan.py:7:19: int() with a base is not supported", ir.Unsupported},
	{"Builtins", "int of list", mainOf("    n = int([1])\n"), "plan.py:7:13: int() of list[int] is not supported", ir.Unsupported},
	{"Builtins", "float two args", mainOf("    n = float(\"1\", 2)\n"), "plan.py:7:9: float() takes at most 1 argument (2 given)", ir.ArgumentError},
	{"Builtins", "ord int", mainOf("    n = ord(1)\n"), "plan.py:7:13: ord() of int is not supported (it takes a str)", ir.Unsupported},
	{"Builtins", "round str", mainOf("    n = round(\"a\")\n"), "plan.py:7:15: round() of str is not supported", ir.Unsupported},
	{"Builtins", "round ndigits str", mainOf("    n = round(1.5, \"a\")\n"), "plan.py:7:20: ndigits of round() must be int, got str", ir.TypeMismatch},
	{"Builtins", "len int", mainOf("    n = len(5)\n"), "plan.py:7:13: len() of int is not supported", ir.Unsupported},
	{"Builtins", "str two args", mainOf("    s = str(1, 2)\n"), "plan.py:7:9: str() takes at most 1 argument (2 given)", ir.ArgumentError},
	{"Builtins", "abs str", mainOf("    n = abs(\"a\")\n"), "plan.py:7:13: abs() of str is not supported", ir.Unsupported},
	{"Builtins", "enumerate start str", mainOf("    for i, x in enumerate([1], \"a\"):\n        pass\n"), "plan.py:7:32: start of enumerate() must be int, got str", ir.TypeMismatch},
	{"Methods", "str method unknown", mainOf("    s = \"a\".format(1)\n"), "plan.py:7:9: method .format() of str is not supported", ir.Unsupported},
	{"Methods", "str method encode", mainOf("    s = \"a\".encode()\n"), "plan.py:7:9: method .encode() of str is not supported", ir.Unsupported},
	{"Methods", "list method unknown", mainOf("    xs = [1]\n    xs.sort_by()\n"), "plan.py:8:5: method .sort_by() of list[int] is not supported", ir.Unsupported},
	{"Methods", "dict method unknown", mainOf("    d = {\"a\": 1}\n    d.clear()\n"), "plan.py:8:5: method .clear() of dict[str, int] is not supported", ir.Unsupported},
	{"Methods", "int method", mainOf("    x = (5).bit_length()\n"), "plan.py:7:10: method .bit_length() of int is not supported", ir.Unsupported},
	{"Methods", "method as value", mainOf("    f = \"a\".upper\n"), "plan.py:7:9: method .upper used as a value is not supported (call it)", ir.Unsupported},
	{"Methods", "str.lower call", mainOf("    s = str.lower(\"A\")\n"), "plan.py:7:9: call of str.lower is not supported (call the method on a value, e.g. s.lower())", ir.Unsupported},
	{"Methods", "split bad kw", mainOf("    s = \"a\".split(sep=\",\", x=1)\n"), "plan.py:7:28: str.split() got an unexpected keyword argument 'x'", ir.ArgumentError},
	{"Methods", "split sep int", mainOf("    s = \"a\".split(1)\n"), "plan.py:7:19: sep of str.split() must be str, got int", ir.TypeMismatch},
	{"Methods", "startswith start", mainOf("    b = \"a\".startswith(\"a\", 1)\n"), "plan.py:7:9: str.startswith() takes at most 1 argument (2 given)", ir.ArgumentError},
	{"Methods", "startswith tuple call receiver", mainOf("    b = str(1).startswith((\"a\", \"b\"))\n"), "plan.py:7:27: str.startswith() with a tuple is only supported on a local variable or a constant, with a tuple that cannot call or raise (assign them first)", ir.Unsupported},
	{"Methods", "startswith list", mainOf("    b = \"a\".startswith([\"a\"])\n"), "plan.py:7:24: argument of str.startswith() must be str or a tuple of str, got list[str]", ir.TypeMismatch},
	{"Methods", "find start", mainOf("    b = \"a\".find(\"a\", 0)\n"), "plan.py:7:9: str.find() takes at most 1 argument (2 given)", ir.ArgumentError},
	{"Methods", "join ints", mainOf("    s = \",\".join([1, 2])\n"), "plan.py:7:18: str.join() of int elements is not supported (they must be str)", ir.Unsupported},
	{"Methods", "replace kw", mainOf("    s = \"a\".replace(old=\"a\", new=\"b\")\n"), "plan.py:7:21: str.replace() got an unexpected keyword argument 'old'", ir.ArgumentError},
	{"Methods", "splitlines keepends", mainOf("    s = \"a\".splitlines(True)\n"), "plan.py:7:9: str.splitlines() takes no arguments (1 given)", ir.ArgumentError},
	{"Methods", "append wrong", mainOf("    xs = [1]\n    xs.append(\"a\")\n"), "plan.py:8:15: argument of list.append() must be int, got str", ir.TypeMismatch},
	{"Methods", "sort positional", mainOf("    xs = [1]\n    xs.sort(len)\n"), "plan.py:8:5: list.sort() takes no arguments (1 given)", ir.ArgumentError},
	{"Methods", "sort not orderable", mainOf("    xs = [None]\n    xs.sort()\n"), "plan.py:8:5: list.sort() of None elements is not supported (they do not order)", ir.Unsupported},
	{"Methods", "get wrong key", mainOf("    d = {\"a\": 1}\n    v = d.get(1)\n"), "plan.py:8:15: key of dict.get() must be str, got int", ir.TypeMismatch},
	{"Methods", "get wrong default", mainOf("    d = {\"a\": 1}\n    v = d.get(\"a\", \"x\")\n"), "plan.py:8:20: default of dict.get() must be int, got str", ir.TypeMismatch},
	{"Methods", "setdefault one arg", mainOf("    d = {\"a\": 1}\n    v = d.setdefault(\"a\")\n"), "plan.py:8:9: dict.setdefault() takes at least 2 arguments (1 given)", ir.ArgumentError},
	{"Methods", "update wrong", mainOf("    d = {\"a\": 1}\n    d.update({1: 2})\n"), "plan.py:8:14: argument of dict.update() must be dict[str, int], got dict[int, int]", ir.TypeMismatch},
	{"Methods", "set add wrong", mainOf("    s = {1}\n    s.add(\"a\")\n"), "plan.py:8:11: argument of set.add() must be int, got str", ir.TypeMismatch},
	{"f-strings and printing", "computed format spec on a list", mainOf("    w = 5\n    send_email(\"a\", f\"{[1]:{w}}\")\n"), "plan.py:8:24: computed format spec on a list[int] value is not supported: only str, int, float and bool values take a format spec", ir.Unsupported},
	{"f-strings and printing", "bad format spec", mainOf("    send_email(\"a\", f\"{[1]:>3}\")\n"), "plan.py:7:24: format spec '>3' on a list[int] value is not supported: only str, int, float and bool values take a format spec", ir.Unsupported},
	{"f-strings and printing", "conversion !a", mainOf("    send_email(\"a\", f\"{1!a}\")\n"), "plan.py:7:24: conversion !a is not supported", ir.Unsupported},
	{"f-strings and printing", "print file", mainOf("    print(\"a\", file=None)\n"), "plan.py:7:21: print() with file= is not supported (print writes to the plan's stdout)", ir.Unsupported},
	{"f-strings and printing", "print flush", mainOf("    print(\"a\", flush=True)\n"), "plan.py:7:22: print() with flush= is not supported (print writes to the plan's stdout)", ir.Unsupported},
	{"f-strings and printing", "print sep int", mainOf("    print(\"a\", sep=1)\n"), "plan.py:7:20: sep of print() must be str, got int", ir.TypeMismatch},
	{"f-strings and printing", "format spec nested twice", mainOf("    w = 5\n    s = f\"{w:>{w:{w}}}\"\n"), "plan.py:8:18: f-string: expressions nested too deeply", ir.Syntax},
	{"f-strings and printing", "fstring spec float bad", mainOf("    s = f\"{1.5:d}\"\n"), "plan.py:7:12: format spec 'd' on a float value is not supported: Unknown format code 'd' for object of type 'float'", ir.Unsupported},
	{"f-strings and printing", "fstring spec None", mainOf("    s = f\"{None:>5}\"\n"), "plan.py:7:12: format spec '>5' on a None value is not supported: only str, int, float and bool values take a format spec", ir.Unsupported},
	{"Rows", "row constructor", "import clauz3\nfrom tools.db.trusted.schemas import UserRow\n\ndef main() -> None:\n    u = UserRow(1)\n", "plan.py:5:9: constructing a row (UserRow) is not supported: rows come from trusted effects", ir.Unsupported},
	{"Rows", "row field assign", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    for r in db_query(\"users\"):\n        r.email = \"x\"\n", "plan.py:6:9: assignment to field email of a row is not supported (rows are immutable)", ir.Unsupported},
	{"Rows", "row missing field", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    for r in db_query(\"users\"):\n        print(r.phone)\n", "plan.py:6:15: row type UserRow has no field phone", ir.UndefinedName},
	{"Rows", "row optional field", "import clauz3\nfrom tools.db.trusted.effects import lookup\n\ndef main() -> None:\n    u = lookup(1)\n    print(u.email)\n", "plan.py:6:11: field access .email on a UserRow | None is not supported (a value of type UserRow | None is used as a UserRow only where a check on its local proves it is not None: `if x is not None:`, `if x is None: return`, `x is not None and ...`)", ir.Unsupported},
	{"Rows", "row as value", "import clauz3\nfrom tools.db.trusted.schemas import UserRow\n\ndef main() -> None:\n    t = UserRow\n", "plan.py:5:9: row type UserRow used as a value is not supported (row types are for annotations)", ir.Unsupported},
	{"Rows", "row index", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    rows = db_query(\"users\")\n    print(rows[0][0])\n", "plan.py:6:11: indexing a row is not supported (read a field, e.g. x.id)", ir.Unsupported},
	{"Rows", "row aug field", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    for r in db_query(\"users\"):\n        r.id += 1\n", "plan.py:6:9: augmented assignment to field id of a row is not supported (rows are immutable)", ir.Unsupported},
	{"Rows", "row sorted", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    rows = sorted(db_query(\"users\"))\n", "plan.py:5:12: sorted() of UserRow elements is not supported (they do not order)", ir.Unsupported},
	{"Rows", "row method", "import clauz3\nfrom tools.db.trusted.effects import db_query\n\ndef main() -> None:\n    for r in db_query(\"users\"):\n        r.save()\n", "plan.py:6:9: row type UserRow has no method .save()", ir.UndefinedName},
	{"Shared mutable values", "shared const append", "import clauz3\n\nTEAM = [\"a\"]\n\ndef main() -> None:\n    TEAM.append(\"b\")\n", "plan.py:6:5: module constant TEAM may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared alias", "import clauz3\n\nTEAM = [\"a\"]\n\ndef main() -> None:\n    t = TEAM\n    t.append(\"b\")\n", "plan.py:7:5: t (which may hold module constant TEAM) may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared dict store", "import clauz3\n\nLIMITS = {\"a\": 1}\n\ndef main() -> None:\n    LIMITS[\"b\"] = 2\n", "plan.py:6:5: module constant LIMITS may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared default", "import clauz3\n\ndef f(xs: list[int] = []) -> None:\n    xs.append(1)\n\ndef main() -> None:\n    f()\n", "plan.py:4:5: parameter xs (whose default Python shares between calls) may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared return", "import clauz3\n\nTEAM = [\"a\"]\n\ndef f() -> list[str]:\n    return TEAM\n\ndef main() -> None:\n    f()\n", "plan.py:6:12: module constant TEAM may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared call arg", "import clauz3\n\nTEAM = [\"a\"]\n\ndef f(xs: list[str]) -> None:\n    pass\n\ndef main() -> None:\n    f(TEAM)\n", "plan.py:9:7: module constant TEAM may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared nested element", "import clauz3\n\nGRID = [[1], [2]]\n\ndef main() -> None:\n    GRID[0].append(3)\n", "plan.py:6:5: an element of module constant GRID may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared nested copy", "import clauz3\n\nGRID = [[1], [2]]\n\ndef main() -> None:\n    g = list(GRID)\n", "plan.py:6:14: module constant GRID may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
	{"Shared mutable values", "shared display", "import clauz3\n\nTEAM = [\"a\"]\n\ndef main() -> None:\n    d = {\"t\": TEAM}\n", "plan.py:6:15: module constant TEAM may only be read in place here (iterated, indexed, measured, compared, printed or assigned): Python shares one mutable object between all its uses, which the subset copies at each use; copy it explicitly first, e.g. x = list(...)", ir.PlanError},
}

// TestRefusals checks the exact located message of constructs outside the
// subset (and of type errors).
func TestRefusals(t *testing.T) {
	names := map[string]bool{}
	for _, tc := range refusals {
		if names[tc.name] {
			t.Errorf("duplicate refusal name %q", tc.name)
		}
		names[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compile("plan.py", []byte(tc.src), testCfg)
			if err == nil {
				t.Fatalf("compiled; want %s\nsource:\n%s", tc.want, tc.src)
			}
			// One diagnostic is the refusal, its whole line the wording
			// under test; its code is the refusal's kind.
			found := false
			for _, d := range ir.Diagnostics(err) {
				if d.Error() == tc.want {
					found = true
					if d.Code != tc.code {
						t.Errorf("%s: code %v, want %v", d, d.Code, tc.code)
					}
				}
			}
			if !found {
				t.Errorf("no diagnostic is the line %s", tc.want)
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
    for k, v in undefined_dict.items():
        print(k, v)
    w = [q for q in undefined_list2]
    print(w)
`
	_, err := Compile("plan.py", []byte(src), testCfg)
	want := `plan.py:5:12: parameter n of helper needs a type annotation
plan.py:10:9: name undefined_name is not defined
plan.py:12:14: name undefined_list is not defined
plan.py:14:16: y is float but assigned the int 1 (mypy accepts an int where a float is expected, but CPython keeps it an int, which prints as 1 where a float prints 1.0: write it as a float, e.g. 1.0 or float(n)); it is accepted only where the value flows into arithmetic with a float or a comparison, and line 15:20 reads y otherwise
plan.py:17:5: z was int, cannot assign str
plan.py:18:5: while loop is not supported
plan.py:20:17: name undefined_dict is not defined
plan.py:22:21: name undefined_list2 is not defined`
	// The whole text is under test (one line per refusal, none
	// cascading); the codes below are the refusals' kinds.
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	var codes []ir.Code
	for _, d := range ir.Diagnostics(err) {
		codes = append(codes, d.Code)
	}
	if got := fmt.Sprint(codes); got != "[PlanError UndefinedName UndefinedName TypeMismatch TypeMismatch Unsupported UndefinedName UndefinedName]" {
		t.Errorf("codes %s", got)
	}
}

// TestMinInt64Literal checks that the smallest int64 is read as one
// constant (its magnitude alone does not fit in 64 bits, and a negation
// of it would overflow), while anything one further out is still refused.
func TestMinInt64Literal(t *testing.T) {
	for _, src := range []string{"    x = -9223372036854775808\n", "    x = -(9223372036854775808)\n"} {
		prog := compileOK(t, mainOf(src), testCfg)
		a, ok := prog.Target.Body[0].(*ir.Assign)
		if !ok {
			t.Fatalf("%q: first statement is %T", src, prog.Target.Body[0])
		}
		c, ok := a.Value.(*ir.Const)
		if !ok || c.Value != int64(math.MinInt64) {
			t.Errorf("%q: value is %#v, want the constant %d", src, a.Value, int64(math.MinInt64))
		}
	}
	_, err := Compile("plan.py", []byte(mainOf("    x = -9223372036854775809\n")), testCfg)
	diagtest.Want(t, err, ir.PlanError, "plan.py:7:10: integer literal 9223372036854775809 does not fit in 64 bits")
}
