# int() of a decimal string past int64 raises OverflowError.
def main() -> None:
    print(int("9223372036854775807"), int("-9223372036854775808"))
    print(int("9223372036854775808"))
