# min and max of floats and int constants (max(0.5, 1), typed float by mypy), and a conditional expression with an int constant arm beside a float one, where the int they may give is read only by float arithmetic and comparisons.
from tools.email.trusted.effects import send_email


def main(price: float) -> None:
    top = max(0.5, 1)
    low: float = min(price, 3, 2.5)
    print(max(0.5, 1) * 2.0, min(2, 0.5) + 1.5, top < 3, top == 1, top * price, low / 2.0)
    print(max(price, 100) - 0.25, 40 < max(price, 7), min(-1, price) ** 2.0)
    rate = 2 if price > 50 else 0.5
    print((1 if price < 0 else 2.5) * 2.0, rate * price, rate == 2, 0.25 + (-3 if price > 1 else 0.5))
    if max(price, 0) > low:
        send_email("bob@example.com", f"{max(price, 1) * 1.0:.2f} over {low * 1.0}")
