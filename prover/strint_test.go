package prover

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/clauz3/clauz3/compiler"
)

// str() of a symbolic int is the exact decimal text of every int64, at
// every width and both signs. Z3 4.8.12's str.from_int answered unsat for
// "-" + str.from_int(-x) == "-9223372036854775807" once x was bounded to
// int64 (and for other 19-digit negatives), so `assert str(x) !=
// "-9223372036854775808"` was proved while CPython fails it for
// x = -2**63. Each plan here asserts str(x) (or f"{x}", or repr(x)) is
// not one value's text: the proof must fail with that value as the
// counterexample, which the prover replays before reporting it.
func TestStrOfIntEveryWidth(t *testing.T) {
	values := []int64{0, -1, 7, -7, 10, -10, 99, -100, 12345, -12345,
		999999999999999999, -999999999999999999,
		1000000000000000000, -1000000000000000000,
		1017560327423731422, -1017560327423731422,
		-1273669266008440571, -4778061770029050113, -5592022834646721379,
		-1152921504606846976, 4611686018427387904,
		math.MaxInt64, -math.MaxInt64, math.MinInt64}
	forms := []string{"str(x)", `f"{x}"`, "repr(x)", `f"n={x}!"`}
	for i, v := range values {
		form := forms[i%len(forms)]
		text := strconv.FormatInt(v, 10)
		if form == `f"n={x}!"` {
			text = "n=" + text + "!"
		}
		t.Run(fmt.Sprintf("%s=%d", form, v), func(t *testing.T) {
			t.Parallel()
			src := fmt.Sprintf(`import clauz3
from tools.email.trusted import contracts as emails


@clauz3.guarantee(emails.none())
def main(x: int) -> None:
    assert %s != %q
`, form, text)
			assert := assertObligation(t, src)
			if assert == nil {
				t.Fatal("no assert obligation")
			}
			if assert.Status != Failed || assert.Counterexample == nil {
				t.Fatalf("assert %s != %q: status %v (%s), want failed with x = %d", form, text, assert.Status, assert.Reason, v)
			}
			want := Binding{Name: "x", Value: strconv.FormatInt(v, 10)}
			if in := assert.Counterexample.Inputs; len(in) != 1 || in[0] != want {
				t.Fatalf("counterexample inputs %v, want [%v]", in, want)
			}
		})
	}
}

// TestStrOfIntAssumesNothingOfOverflow: what str() of a symbolic int
// assumes must hold of every value the term can take, an int that
// overflows int64 (and so raises OverflowError before str runs) included.
// Its definition once bound |n| to int64 for every n, which ruled out
// every model where a + 1 overflows: `assert a != 2**63 - 1` placed
// before print(str(a + 1)) was proved, and so was a guarantee that an
// OverflowError before the first call breaks.
func TestStrOfIntAssumesNothingOfOverflow(t *testing.T) {
	for _, tc := range []struct{ name, body, input string }{
		{"plus one", "    assert a != 9223372036854775807\n    print(str(a + 1))\n", "9223372036854775807"},
		{"minus one", "    assert a != -9223372036854775808\n    print(f\"{a - 1}\")\n", "-9223372036854775808"},
		{"negated", "    assert a != -9223372036854775808\n    print(repr(-a))\n", "-9223372036854775808"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "import clauz3\nfrom tools.email.trusted import contracts as emails\n\n\n@clauz3.guarantee(emails.none())\ndef main(a: int) -> None:\n" + tc.body
			assert := assertObligation(t, src)
			if assert == nil || assert.Status != Failed || assert.Counterexample == nil {
				t.Fatalf("assert: %+v, want failed with a = %s", assert, tc.input)
			}
			want := Binding{Name: "a", Value: tc.input}
			if in := assert.Counterexample.Inputs; len(in) != 1 || in[0] != want {
				t.Fatalf("counterexample inputs %v, want [%v]", in, want)
			}
		})
	}
}

// assertObligation proves src against the corpus layers and returns its
// assert's obligation (nil when it has none).
func assertObligation(t *testing.T, src string) *Obligation {
	t.Helper()
	prog, err := compiler.Compile("plan.py", []byte(src), compiler.Config{ImportRoots: []string{filepath.Join("..", "corpus")}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Prove(context.Background(), prog, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var assert *Obligation
	for _, o := range res.Obligations {
		if o.Kind == KindCheck {
			assert = o
		}
	}
	return assert
}
