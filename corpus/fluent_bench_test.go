package corpus

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/prover"
)

// BenchmarkFluentWrites proves all_doors_locked over a plan that unlocks
// and relocks N doors in two loops (2N writes): how the array encoding of
// fluents (prover/fluent.go) grows with the number of writes.
func BenchmarkFluentWrites(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		src := fmt.Sprintf(`import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock


@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    for i in range(%d):
        unlock("d" + str(i))
    for i in range(%d):
        lock("d" + str(i))
`, n, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				prog, err := compiler.Compile("bench.py", []byte(src), compiler.Config{ImportRoots: []string{"."}})
				if err != nil {
					b.Fatal(err)
				}
				res, err := prover.Prove(context.Background(), prog, prover.Options{Timeout: 2 * time.Minute})
				if err != nil {
					b.Fatal(err)
				}
				for _, o := range res.Obligations {
					if o.Status != prover.Proved {
						b.Fatalf("%s: %s %s", o.Title(), o.Status, o.Reason)
					}
				}
			}
		})
	}
}
