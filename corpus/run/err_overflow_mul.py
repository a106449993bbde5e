# A product past int64 raises OverflowError in every engine, CPython included.
def main() -> None:
    a = 3037000500
    print(a * (a - 1))
    print(a * a)
    print("not reached")
