# A helper's own clauz3.requires is checked at every call, before its body runs.
import clauz3


@clauz3.requires(lambda n, m: n < m, message="an increasing range")
def span(n: int, m: int) -> int:
    print("span", n, m)
    return m - n


def main() -> None:
    print(span(1, 4))
    print(span(5, 2))
