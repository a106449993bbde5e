# The prover decides max: constant arguments.
# builtin: max
# expect: proved
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(10))
def main(a: int, b: int) -> None:
    if a < 5 and b < 5:
        withdraw("checking", max(a, b, 1))
