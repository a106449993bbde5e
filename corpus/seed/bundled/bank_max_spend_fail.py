# Slide 7, second plan: the sum is 6.
# expect: not proved
# want: ✗ main: failed guarantee bank.max_spend(5)
# want: counterexample:
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw

@clauz3.guarantee(bank.max_spend(5))
def main() -> None:
    withdraw("checking", 2)
    withdraw("checking", 4)
