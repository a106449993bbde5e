# A helper's own deal.post is checked at its return, after the body ran; the pre of another helper is checked at its call.
import clauz3
import deal


@deal.pre(lambda n: n >= 0)
def double(n: int) -> int:
    return 2 * n


@clauz3.ensures(lambda result: len(result) > 2)
def label(n: int) -> str:
    print(f"labelling {n}")
    if n > 10:
        return "big"
    return "s"


def main() -> None:
    print(double(3))
    print(label(double(7)))
    print(label(double(1)))
