# Proved: a loop over a literal tuple withdraws 1 from each of two accounts; count and sum both bounded.
import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@clauz3.guarantee(bank.max_withdrawals(2))
@clauz3.guarantee(bank.max_spend(2))
def main() -> None:
    for account in ("checking", "savings"):
        withdraw(account, 1)
