# Float arguments in traces and float results: JSON renders floats like Python's json.dumps.
from tools.store.trusted.effects import pay, price


def main() -> None:
    total = 0.0
    for item in ["tea", "cake", "jam"]:
        p = price(item)
        total += p
        print(item, p, f"{p:.2f}")
    pay(total, memo="basket")
    pay(0.1 + 0.2)
    pay(1e16)
    pay(3.0, memo="three")
    pay(1e-7)
    pay(total * 1000000, memo=f"{total:.1f}")
