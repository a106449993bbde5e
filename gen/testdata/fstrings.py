import sys


def main(name: str, amount: float) -> None:
    n = 1234567
    print(f"{name!r} owes {amount:.2f} ({amount:e}), {n:,} items, {n:>12_}|{n:<10}|{n:^11}|")
    print(f"{0.1234:.1%} {255:#x} {255:08b} {-3.5:+.1f} {name:*^9} {name:.2} {amount} {1e16} {1 / 3}")
    print(f"{True} {None} {[1]} {(1,)} {{}} {-0.0} {amount:10.3g}|{n!s:>9}|")
    print(f"{amount:d}")


main("Zoë", 12.5)
