# The smallest int64 // -1 is the one quotient that overflows.
def main() -> None:
    m = -9223372036854775807 - 1
    print(m // 2, m % 7, m // -2)
    print(m // -1)
