package compiler

import (
	"os"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/ir"
)

// Config says where a plan's imports resolve and what to compile.
type Config struct {
	// ImportRoots are the folders `tools.x.y` imports resolve against.
	// Default: the current folder and the plan's folder.
	ImportRoots []string
	// TrustedRoots are the trusted layer folders (…/tools/<domain>/trusted).
	// Default: every tools/*/trusted folder under the import roots.
	TrustedRoots []string
	// Target is the function the guarantees are about. Default: main.
	Target string
}

// Error is one located error: Error() is "file:line:col: reason".
type Error = diag.Error

// ErrorList is the errors of one compilation, sorted by position; its
// Error() joins them, one located error per line.
type ErrorList = diag.List

// CompileFile reads the plan at path and compiles it (path "-" is not
// standard input here: the CLI reads stdin and calls Compile).
func CompileFile(path string, cfg Config) (*ir.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, diag.List{diag.Errorf(ir.Pos{File: path, Line: 1, Col: 1}, ir.ReadError, "cannot read plan: %v", errText(err))}
	}
	return Compile(path, src, cfg)
}

// Compile compiles the plan src, named filename in positions and
// messages, against the trusted layers it imports. On failure the error
// is an ErrorList of located errors (in the plan or in a trusted layer
// file).
func Compile(filename string, src []byte, cfg Config) (*ir.Program, error) {
	c, prog := compileRounds(filename, src, cfg)
	if err := c.errs.Err(); err != nil {
		return nil, err
	}
	if err := ir.Verify(prog); err != nil {
		return nil, diag.List{diag.Errorf(ir.Pos{File: filename, Line: 1, Col: 1}, ir.Internal, "internal error: the lowered program does not verify: %v", err)}
	}
	return prog, nil
}

func errText(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}
