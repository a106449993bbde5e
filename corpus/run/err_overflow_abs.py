# abs of the smallest int64 overflows.
def main() -> None:
    xs = [-5, 9223372036854775807, -9223372036854775807 - 1]
    for x in xs:
        print(abs(x))
