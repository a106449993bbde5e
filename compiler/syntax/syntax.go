package syntax

import (
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
)

// Position is a user-facing location: 1-based line and 1-based column
// counted in characters (runes) of that line, as an editor shows it. A tab
// counts as one column. The zero Line means "no position in the file".
type Position struct {
	File      string
	Line, Col int
}

// String returns "file:line:col" ("file" alone when Line is 0).
func (p Position) String() string {
	if p.Line <= 0 {
		return p.File
	}
	return p.File + ":" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
}

// Error is a located error, the module-wide ir.Error: Error() is
// "file:line:col: msg" and Code says what kind of error it is (Syntax,
// or Unsupported for valid Python outside the subset).
type Error = ir.Error

// File is a parsed source file.
type File struct {
	Name   string
	Source []byte // the original text, exactly as passed to Parse
	Module *ast.Module

	// AnnAssigns maps the placeholder statement of every PEP 526 annotated
	// assignment to its parts. The placeholder is an *ast.Assign for
	// `x: T = v` (Targets == [Target], Value == the value) and an
	// *ast.ExprStmt for `x: T` (Value == Target). The annotation expression
	// is only reachable through this table.
	AnnAssigns map[ast.Stmt]*AnnAssign

	// FStrings maps the placeholder *ast.Str of every f-string (or run of
	// implicitly concatenated literals containing an f-string) to its parts.
	// The placeholder's S is "" and its position is the start of the
	// literal, prefix included. The replacement-field expressions are only
	// reachable through this table.
	FStrings map[*ast.Str]*FString

	lines []sourceLine // BOM-less text split at '\n', '\r' of "\r\n" removed
}

// sourceLine is one line of the source with what it takes to turn a byte
// offset into a column in constant time: every node's position is asked
// for, so counting runes from the line's start each time made a long
// line (a 200,000-element literal) quadratic.
type sourceLine struct {
	text string
	// runesBefore[i] is the number of runes in text[:i], for i in
	// 0..len(text); nil when the line is ASCII (the count is i).
	runesBefore []int32
}

func newSourceLine(text string) sourceLine {
	l := sourceLine{text: text}
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			l.runesBefore = make([]int32, len(text)+1)
			n := int32(0)
			for j := 0; j < len(text); {
				_, size := utf8.DecodeRuneInString(text[j:])
				// An offset inside a rune counts each byte of the cut
				// sequence as one rune, as utf8.RuneCountInString does.
				for m := 1; m < size; m++ {
					l.runesBefore[j+m] = n + int32(m)
				}
				n++
				j += size
				l.runesBefore[j] = n
			}
			break
		}
	}
	return l
}

// column is the 1-based column of byte offset byteCol (0..len(text)).
func (l sourceLine) column(byteCol int) int {
	if l.runesBefore == nil {
		return byteCol + 1
	}
	return int(l.runesBefore[byteCol]) + 1
}

// AnnAssign is a desugared annotated assignment `Target: Annotation [= Value]`.
type AnnAssign struct {
	Target     *ast.Name // Ctx is ast.Store
	Annotation ast.Expr
	Value      ast.Expr // nil when absent
}

// FString is a desugared f-string: the concatenation of its parts.
type FString struct {
	Parts []FStringPart
}

// FStringPart is either a literal (Literal != "", Expr == nil) or a
// replacement field (Expr != nil). Consecutive literals are merged and empty
// literals are dropped.
type FStringPart struct {
	Literal    string   // literal text, {{ }} and escapes already decoded
	Expr       ast.Expr // replacement field expression, positions into the original file
	Conversion byte     // 0, 's', 'r' or 'a'
	Spec       *FString // format spec (may contain replacement fields); nil if none or empty
}

// Position converts a node's Lineno/ColOffset (1-based line, 0-based byte
// offset in the line) to a user-facing Position.
func (f *File) Position(n ast.Ast) Position {
	if n == nil {
		return Position{File: f.Name}
	}
	if v := reflect.ValueOf(n); v.Kind() == reflect.Pointer && v.IsNil() {
		return Position{File: f.Name}
	}
	return f.position(n.GetLineno(), n.GetColOffset())
}

// position converts a 1-based line and 0-based byte column into a Position.
func (f *File) position(line, byteCol int) Position {
	if line <= 0 {
		return Position{File: f.Name}
	}
	if line > len(f.lines) {
		if len(f.lines) == 0 {
			return Position{File: f.Name, Line: 1, Col: 1}
		}
		line = len(f.lines)
		byteCol = len(f.lines[line-1].text)
	}
	l := f.lines[line-1]
	if byteCol < 0 {
		byteCol = 0
	}
	if byteCol > len(l.text) {
		byteCol = len(l.text)
	}
	return Position{File: f.Name, Line: line, Col: l.column(byteCol)}
}
