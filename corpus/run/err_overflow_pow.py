# A power past int64 raises OverflowError.
def main() -> None:
    print(2 ** 62, (-2) ** 63)
    print(2 ** 63)
