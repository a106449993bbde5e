# The prover decides range: a loop over range with a symbolic stop the plan bounds, and a constant one.
# builtin: range
# expect: proved
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(21))
def main(n: int) -> None:
    for i in range(min(n, 3)):
        withdraw("checking", 2)
    for j in range(1, 10, 4):
        withdraw("checking", j)
