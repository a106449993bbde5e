# The smallest int64 is a literal; negating it (or abs) overflows.
def main() -> None:
    m = -9223372036854775808
    print(m, m + 1, -(m + 1), abs(m + 1))
    print(m // 1, m % -1, m - 0)
    print(-m)
