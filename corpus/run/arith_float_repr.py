# float repr: shortest round-trip digits, exponent thresholds, negative zero.
from tools.email.trusted.effects import send_email


def main() -> None:
    print(0.1 + 0.2, 0.1 * 3, 1.1 + 2.2)
    print(1e16, 1e15, 123456789012345678.0, 1e22, 1e-5, 0.0001, 0.00001)
    print(-0.0, 0.0, -0.0 == 0.0, 2.0, 100.0, 1.5e300 * 1.0)
    print(1 / 3, 2 / 3, 10 / 3, 22 / 7)
    print(3.14159, 2.5e-7, 6.02e23, 1e100)
    print(str(0.1), str(-1.25), str(1e16), f"{1e16}", f"{0.1 + 0.2}")
    print([0.5, 1.0, -0.0], (1.5,), {"x": 0.25})
    print(9999999999999998.0, 0.00009999, 123e-20, 5e-324, 1.7976931348623157e308, 2.2250738585072014e-308)
    print(float("1e16"), float("0.1") * 3, 1e15 + 0.3, 4.35, 0.1 + 0.7, 1 / 7)
    send_email("bob@example.com", f"pi is about {22 / 7}")
