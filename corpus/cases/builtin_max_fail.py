# The prover decides max: constant arguments.
# builtin: max
# expect: not proved
# want: ✗ main: failed guarantee bank.max_spend(10)
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(10))
def main(a: int) -> None:
    withdraw("checking", max(a, 1))
