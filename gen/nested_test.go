package gen

import (
	"os"
	"path/filepath"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// The nested program is compiled from testdata/nested.py (nested defs
// reading enclosing locals with late binding, a def nested in a nested
// def, nested defs of a helper): its generated Go is kept as a golden file,
// built and run against CPython's output like the hand-built programs.
func init() {
	handmades = append(handmades, handmade{"nested", nestedProgram, nil})
}

func nestedProgram() *ir.Program {
	path := filepath.Join("testdata", "nested.py")
	src, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	prog, err := compiler.Compile("nested.py", src, compiler.Config{ImportRoots: []string{"testdata"}})
	if err != nil {
		panic(err)
	}
	return prog
}
