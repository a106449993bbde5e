# The prover decides min: constant arguments.
# builtin: min
# expect: not proved
# want: ✗ main: failed guarantee bank.max_spend(500)
# want: counterexample:
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(500))
def main(amount: int) -> None:
    if amount > 0:
        withdraw("checking", min([amount, 600]))
