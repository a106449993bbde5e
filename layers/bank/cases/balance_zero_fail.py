# The balance may be 0, and withdraw requires a positive amount.
# expect: failed precondition withdraw
# expect: requires: lambda account, amount: amount > 0
# expect: counterexample: amount = 0
import clauz3
from tools.bank.trusted.effects import balance, withdraw

def main() -> None:
    b = balance("checking")
    if b < 100:
        withdraw("checking", b)
