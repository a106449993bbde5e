// Package billslayer writes the bills layer the accumulator tests and
// benchmarks prove against: a bank-like trusted layer (the bundled bank
// layer's spellings) whose bills_due returns at most n bills, each
// positive and named, so a plan's running total under a cap is proved at
// any n. It is written at a size the caller picks, which is why it is not
// a bundled layer. For tests and benchmarks only.
package billslayer

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write creates tools/bills/trusted under root, bills_due declaring at
// most n bills; a plan imports it with root as its import root.
func Write(root string, n int) error {
	layer := filepath.Join(root, "tools", "bills", "trusted")
	if err := os.MkdirAll(layer, 0o755); err != nil {
		return err
	}
	for name, text := range files(n) {
		if err := os.WriteFile(filepath.Join(layer, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func files(n int) map[string]string {
	return map[string]string{
		"__init__.py": "",
		"schemas.py":  "import clauz3\n\n\nclass Bill(clauz3.Row):\n    payee: str\n    amount: int\n",
		"effects.py": fmt.Sprintf(`import clauz3
import deal
from tools.bills.trusted.schemas import Bill


@clauz3.ensures(lambda result: len(result) <= %d)
@clauz3.ensures(lambda result: all(b.amount > 0 and len(b.payee) > 0 for b in result))
@deal.has("bank")
def bills_due() -> list[Bill]: ...


@deal.pre(lambda account, payee, amount: amount > 0, message="amount must be positive")
@deal.pre(lambda account, payee, amount: len(payee) > 0, message="payee must be named")
@deal.has("bank", "spend")
def pay_bill(account: str, payee: str, amount: int) -> None: ...
`, n),
		"contracts.py": `from clauz3.spec import ContractSpec, contract, effect

Spend = effect("spend")


@contract
def max_spend(limit: int) -> ContractSpec:
    return Spend.sum(lambda s: s.amount) <= limit


@contract
def max_payments(n: int) -> ContractSpec:
    return Spend.count() <= n
`,
	}
}
