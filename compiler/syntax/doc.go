// Package syntax parses ClauZ3 Python sources (plans and trusted-layer spec
// files) into gpython ASTs, with positions a user can act on.
//
// # What it owns
//
// gpython's parser (github.com/go-python/gpython/parser) reads the Python
// 3.4 grammar. This package puts in front of it everything needed to read
// the Python 3.11 code plans are written in:
//
//   - PEP 526 annotated assignments to a simple name (x: T and x: T = v), at
//     module level, in class bodies and in function bodies. Each becomes a
//     placeholder statement plus an entry in File.AnnAssigns.
//   - f-strings (f, rf, fr prefixes in any case; single, double and triple
//     quotes; {expr}, {{ and }}, !r/!s/!a, format specs with nested
//     replacement fields, self-documenting {x=}), including implicit
//     concatenation with plain literals ("a" f"{b}"). Each run of literals
//     becomes a placeholder *ast.Str plus an entry in File.FStrings.
//   - PEP 515 underscores in number literals (1_000_000).
//   - Parenthesized context managers written on one line,
//     with (open(a) as f, open(b) as g):.
//   - Conversion of gpython syntax errors, and of the lexical errors this
//     package detects itself, into *Error values (ir.Error) located at the
//     offending token, with CPython-like messages and the code ir.Syntax,
//     or ir.Unsupported for valid Python outside the subset.
//   - Normalization of the node positions gpython gets wrong (see below).
//   - Quoted annotations (x: "UserRow"): File.StringAnnotation parses the
//     type a plain one-line literal holds, positions kept.
//   - Layer modules (ParseLayer): the bodies of top-level functions other
//     than contracts are never compiled, so a module that does not parse
//     is parsed again with those bodies blanked in place (bodies.go), and
//     Python the subset does not read (:=, match, async def) may stay there.
//
// # Technique: position-preserving rewrites
//
// A small Go tokenizer (scan.go) finds string literals, numbers, brackets,
// logical lines and statement starts. It also decodes each plain literal's
// escapes with gpython's decoder, so a bad escape is reported from the
// decoder's own error, as "(unicode error) ...", and never recognised in
// gpython's message text. The source is then rewritten in place,
// every rewrite replacing bytes by the same number of bytes and keeping all
// newlines, so that gpython's (line, byte column) positions are valid in the
// original text:
//
//	x: T = v       ->  x= T , v       an Assign whose value is the tuple (T, v)
//	x: T           ->  x= T           an Assign whose value is T
//	rf"a{b}"       ->  "      "       a plain literal of the same extent
//	1_000          ->  1000           (padded with a space)
//	with (a, b):   ->  with  a, b :   two with-items
//
// After gpython has parsed the rewritten text, the annotated-assignment
// Assigns are taken apart: for x: T = v the Assign keeps the target and gets
// v as its value; for x: T it is replaced by an ExprStmt whose value is the
// target. Annotation and value keep the exact positions gpython gave them in
// the rewritten text, which are their positions in the original. The
// placeholder *ast.Str of each f-string run is found by position; the
// f-string body is parsed following CPython 3.11's rules, and each
// replacement-field expression is parsed on its own as "(" + text + ")" in
// eval mode, through the same pipeline (so nested f-strings work). Since the
// expression text is a contiguous slice of the file, every position of that
// parse maps back to the file by a constant byte-offset shift, including on
// later lines of a triple-quoted f-string.
//
// Annotations and replacement-field expressions are reachable only through
// the side tables, not by walking File.Module.
//
// # Positions
//
// Nodes keep gpython's convention: Lineno is 1-based, ColOffset is a 0-based
// byte offset in the line (CPython's convention too). Position converts it to
// what an editor shows: 1-based line and 1-based column counted in runes, a
// tab counting as one column. A UTF-8 byte-order mark is not a column.
// Errors carry the same place as an ir.Pos. Lines are separated by "\n"
// ("\r\n" works, a lone "\r" is refused).
//
// gpython gives its syntax errors no code, only English text, and nothing
// here is decided from that text (gperror.go). How the parse failed is read
// from how it ended: stopped at a token (the grammar has no move for it),
// reached the end with an error raised by a grammar action on the way (a
// target that cannot be assigned, a keyword that is an expression, a
// positional argument after *args), or panicked in an action (gpython
// turns the panic into a SystemError). A stop is reported at the offending
// token as "invalid syntax", or "unexpected EOF while parsing" when that
// token is the end of a last line without a line feed; the hints for
// Python 3.5+ syntax are chosen from the tokens around it. An action error
// is found again in gpython's tree (targets) or in the token table (call
// arguments) and reported at its statement, since gpython reports it
// wherever the parse went on to; one in a statement before a stop is found
// by parsing the text before the stopping statement. A panic (on a tuple
// target holding a literal, say) is located by parsing each statement's
// targets on their own, in source order. gpython's text is shown, never
// read, when none of this finds the error.
// TestGpythonFailureReading pins each of these facts against gpython.
//
// gpython reports a syntax error at the end of the offending token; it is
// moved to the token's start. Errors this package finds before parsing
// (indentation, desugaring) give way to a parser error in an earlier
// statement, so that "x = 1 +" followed by an indented line reports the
// first line, as CPython does. Lexical errors (unterminated strings,
// unbalanced brackets, stray characters) are reported first.
//
// After parsing, positions are brought in line with CPython 3.11 where
// gpython differs: Call (gpython: none), Attribute and Subscript (gpython:
// the '.' or '[') start where their primary starts; Dict/Set/DictComp/SetComp
// at their '{'; a generator expression that is a call's only argument at the
// call's '('; an unparenthesized tuple at its first element; the If of an
// elif at the elif; an ExceptHandler at its except. gpython's decorator
// names, a single Name with a dotted Id, are rebuilt as CPython's
// Attribute(Name) chains. The f-string placeholder is at the start of the
// literal, prefix included; the annotated-assignment placeholder at the
// target. AnnAssign.Target is the placeholder's own Name (Ctx Store, as in
// CPython, even in the ExprStmt of x: T).
//
// # What it refuses
//
// With a located error: annotated assignments to anything but a simple name
// ("annotated assignment to self.x is not supported"), bytes mixed with
// f-strings, annotated assignments with a yield value, assignment
// expressions (:=), match statements, async/await, parenthesized context
// managers spanning several lines, and the f-string errors
// CPython 3.11 reports (backslash or '#' in an expression, empty expression,
// single '}', bad conversion, nesting deeper than two levels, ...). Other
// Python 3.5+ syntax gpython's grammar lacks is reported as "invalid
// syntax", with a hint and the code ir.Unsupported for * and ** unpacking
// in displays and calls (PEP 448), positional arguments after *args,
// positional-only parameters and the @ operator. Python 2's <>, adjacent
// str and bytes literals, and call arguments Python refuses (a keyword
// that is an expression, a positional argument after a keyword one, which
// gpython's grammar accepts) are refused from the tokens before gpython
// reads them.
//
// Source text CPython 3.11 would read differently from a plain reading of
// the bytes is refused, never read another way (source.go): \N{NAME}
// escapes in str literals and f-strings (gpython does not decode them),
// \u and \U escapes of lone surrogates (gpython makes them U+FFFD; a
// ClauZ3 str is valid UTF-8), identifiers that are not their own NFKC form
// (CPython reads ｆoo as foo; the test uses pysem's tables from CPython's
// unicodedata), a carriage return not followed by a line feed, in a
// string literal too (CPython ends a line there), and a coding
// declaration on line 1 or 2 that does not name UTF-8.
package syntax
