# raise ValueError(...) from a helper after an effect: exit 1, trace keeps the first call.
from tools.bank.trusted.effects import withdraw


def checked(amount: int) -> int:
    if amount > 100:
        raise ValueError(f"amount {amount} is over the limit of 100")
    return amount


def main() -> None:
    for a in [40, 250, 10]:
        withdraw("checking", checked(a))
        print("withdrew", a)
