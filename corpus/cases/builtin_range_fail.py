# The prover decides range: one more iteration than the budget allows is found.
# builtin: range
# expect: not proved
# want: ✗ main: failed guarantee bank.max_spend(6)
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(6))
def main(n: int) -> None:
    for i in range(min(n, 4)):
        withdraw("checking", 2)
