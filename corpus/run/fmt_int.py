# f-string int formats: alignment, fill, zero padding, grouping, bases and signs.
from tools.email.trusted.effects import send_email


def main() -> None:
    n = 1234567
    print(f"[{n:>10}] [{n:<10}] [{n:^11}] [{n:*^11}] [{n:010}] [{n:08d}]")
    print(f"{n:,} {n:_} {-n:,} {n:+} {n: } {-42:05} {0:,}")
    print(f"{255:x} {255:X} {255:#x} {5:b} {8:o} {255:#010b} {-255:x}")
    print(f"{n:=+12,} {7:3} {7:<3}| {123:c}")
    for i in [1, 22, 333]:
        print(f"item{i:>5}:{i * i:6d}")
    send_email("bob@example.com", f"order {n:,} ready")
