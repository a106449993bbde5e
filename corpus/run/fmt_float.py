# f-string float formats: fixed, exponent, general, percent, width, sign, rounding half to even.
from tools.store.trusted.effects import pay


def main() -> None:
    x = 3.14159
    print(f"{x:.2f}|{x:8.3f}|{x:<8.1f}|{x:^9.2f}|{x:+.1f}|{-x:.0f}")
    print(f"{2.5:.0f} {3.5:.0f} {0.125:.2f} {0.375:.2f} {1.005:.2f} {2.675:.2f}")
    print(f"{x:e} {x:.2e} {123456.789:E} {0.000123:.1e}")
    print(f"{x:g} {1e-5:g} {123456789.0:g} {100000.0:g} {1e16:.3g} {0.5:.0%} {0.1234:.1%}")
    print(f"{1234567.891:,.2f} {-0.0:.1f} {1e16:.1f} {x:010.4f} {x:,}")
    print(f"{7:.2f} {-3:e} {2 / 3} {2 / 3:.3}")
    total = 19.999
    pay(1.5, memo=f"total {total:.2f}")
