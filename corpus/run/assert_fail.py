# A failing assert with a message ends the plan with exit 1 after the earlier effects ran.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    balance = 10
    for amount in [3, 4, 5]:
        assert amount <= balance, f"cannot withdraw {amount}: balance is {balance}"
        withdraw("checking", amount)
        balance -= amount
        print("left", balance)
    print("unreachable")
