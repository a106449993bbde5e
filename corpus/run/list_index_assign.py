# Item assignment, negative indexes and augmented assignment on subscripts.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    xs = [1, 2, 3, 4]
    xs[0] = 10
    xs[-1] = 40
    xs[1] += 5
    xs[-2] *= 3
    print(xs, xs[-1], xs[len(xs) - 1])
    d = {"a": 1}
    d["a"] += 1
    d["b"] = d["a"] * 10
    print(d)
    m = [[1, 2], [3, 4]]
    m[1][0] -= 10
    print(m)
    withdraw("checking", xs[1])
