# The prover decides min: constant arguments.
# builtin: min
# expect: proved
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(500))
def main(amount: int) -> None:
    # the original's showcase: pay at most 500, whatever was asked
    if amount > 0:
        withdraw("checking", min(amount, 500))
