# A refund written as a negative withdrawal.
# expect: failed precondition withdraw
# expect: requires: lambda account, amount: amount > 0
import clauz3
from tools.bank.trusted.effects import withdraw

def main() -> None:
    withdraw("checking", -500)
