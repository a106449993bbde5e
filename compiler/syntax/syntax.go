package syntax

import (
	"fmt"
	"reflect"
	"strconv"
	"unicode/utf8"

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

// Error is a located error. Error() is "file:line:col: msg".
type Error struct {
	Pos Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

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

	lines []string // BOM-less text split at '\n', '\r' of "\r\n" removed
	// runeCols[i], for a line i with non-ASCII text, is the rune count
	// before each byte offset of lines[i]; nil for an ASCII line, whose
	// byte offset is its column. Counting runes anew for every position
	// made a long line (a 20,000-element list display) quadratic.
	runeCols [][]int32
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

// Errorf returns a located error at node n.
func (f *File) Errorf(n ast.Ast, format string, args ...any) *Error {
	return &Error{Pos: f.Position(n), Msg: fmt.Sprintf(format, args...)}
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
		byteCol = len(f.lines[line-1])
	}
	text := f.lines[line-1]
	if byteCol < 0 {
		byteCol = 0
	}
	if byteCol > len(text) {
		byteCol = len(text)
	}
	if line-1 < len(f.runeCols) && f.runeCols[line-1] != nil {
		return Position{File: f.Name, Line: line, Col: int(f.runeCols[line-1][byteCol]) + 1}
	}
	if line-1 >= len(f.runeCols) {
		return Position{File: f.Name, Line: line, Col: utf8.RuneCountInString(text[:byteCol]) + 1}
	}
	return Position{File: f.Name, Line: line, Col: byteCol + 1}
}

// runeColumns is the rune count before each byte offset of line (one
// entry per offset, the end included), or nil when line is ASCII.
func runeColumns(line string) []int32 {
	ascii := true
	for i := 0; i < len(line); i++ {
		if line[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return nil
	}
	cols := make([]int32, len(line)+1)
	n := int32(0)
	for i := 0; i < len(line); {
		_, size := utf8.DecodeRuneInString(line[i:])
		for k := 0; k < size && i+k < len(line); k++ {
			cols[i+k] = n
		}
		i += size
		n++
	}
	cols[len(line)] = n
	return cols
}
