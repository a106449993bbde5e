package gen

import (
	"os"
	"path/filepath"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// The narrowing program is compiled from testdata/narrowing.py (T | None
// locals narrowed by `is None` / `is not None` checks, read through
// ir.Unwrap): its generated Go is kept as a golden file, built and run
// against CPython's output (testdata/narrowing.out) like the hand-built
// programs.
//
// The strmore program (testdata/strmore.py) does the same for the second
// set of str methods and list.clear, and setstuples for the set operators
// and tuple repetition and slicing. presize has lists that loops of a
// known length append to, which the generated code pre-sizes.
func init() {
	handmades = append(handmades,
		handmade{"narrowing", func() *ir.Program { return compileTestdata("narrowing") }, nil},
		handmade{"strmore", func() *ir.Program { return compileTestdata("strmore") }, nil},
		handmade{"setstuples", func() *ir.Program { return compileTestdata("setstuples") }, nil},
		handmade{"presize", func() *ir.Program { return compileTestdata("presize") }, nil})
}

func compileTestdata(name string) *ir.Program {
	src, err := os.ReadFile(filepath.Join("testdata", name+".py"))
	if err != nil {
		panic(err)
	}
	prog, err := compiler.Compile(name+".py", src, compiler.Config{ImportRoots: []string{"testdata"}})
	if err != nil {
		panic(err)
	}
	return prog
}
