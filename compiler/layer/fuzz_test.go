package layer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// FuzzLoad loads a layer whose contracts.py is the fuzz input (beside a
// fixed effects.py): no panic, and every error is located diagnostics.
// The seeds are short on purpose: the fuzzer minimizes every new input it
// finds, and a Load reads files. The last two are refused, so the seed
// run reaches the check of the errors.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{
		contractsHead + "@contract\ndef only(xs: list[str]) -> ContractSpec:\n    return Email.all(lambda e: e.addr in xs)\n",
		contractsHead + "@contract\ndef c(n: int = 2) -> ContractSpec:\n    r = Email.where(lambda e: e.addr.startswith('a'))\n    return r.sum(lambda e: len(e.msg)) > n - 1\n",
		"from clauz3.spec import effect, contract\nS = effect('send_email')\n@contract\ndef d():\n    return S.distinct(lambda e: (e.addr, e.msg))\n",
		"from clauz3.policy import domain_policy\nP = domain_policy(when_used='send_email', required=[], label='t')\n",
		"import deal\n@deal.pre(lambda n: n > 0)\n@deal.has('io')\ndef f(n: int = 1) -> list[int]: return []\n",
		contractsHead + "@contract\ndef w() -> ContractSpec:\n    while True:\n        pass\n",
		contractsHead + "@contract\ndef s(:\n",
	} {
		f.Add(s)
	}
	dir := filepath.Join(f.TempDir(), "tools", "t", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		f.Fatal(err)
	}
	effects := "import clauz3\n\n@clauz3.requires(lambda addr: '@' in addr)\n@clauz3.trusted\ndef send_email(addr: str, msg: str) -> None: ...\n"
	if err := os.WriteFile(filepath.Join(dir, "effects.py"), []byte(effects), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if err := os.WriteFile(filepath.Join(dir, "contracts.py"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		l, err := Load(dir, "tools.t.trusted")
		if err == nil {
			if l == nil {
				t.Fatal("nil layer without error")
			}
			return
		}
		ds := ir.Diagnostics(err)
		if len(ds) == 0 {
			t.Fatalf("an error with no diagnostic: %v", err)
		}
		for _, d := range ds {
			if !diagtest.Located(d) {
				t.Fatalf("unlocated diagnostic %q in\n%v", d, err)
			}
		}
	})
}
