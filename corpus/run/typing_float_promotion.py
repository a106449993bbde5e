# An int constant assigned to a float local (x: float = 1, as mypy accepts it) where only float arithmetic and comparisons read it.
from tools.email.trusted.effects import send_email


def over(limit: float, price: float, margin: float = 0) -> bool:
    return price > limit + margin * 1.0


def main(price: float, n: int) -> None:
    limit: float = 100
    rate = 0.5
    rate = 2
    fee: float = -3
    total = price * rate + fee * 1.0
    print(total, price > limit, limit == 100, n < limit, rate / 4.0, fee // 2.0, fee % 2.5)
    print(over(limit * 1.0, price), limit - 0.25, 0.1 + fee, over(50, price), over(50, price, margin=20))
    if total >= limit:
        send_email("bob@example.com", f"{total:.2f} over {limit * 1.0}")
