# abs, min, max and sum over ints, floats and lists, including key= and default start.
from tools.bank.trusted.effects import withdraw


def main() -> None:
    xs = [4, -9, 2, 7, -1]
    print(min(xs), max(xs), sum(xs), sum(xs, 100), abs(min(xs)))
    print(min(3, 1, 2), max(3, 1, 2), min("pear", "apple"), max(["b", "a", "c"]))
    none: list[int] = []
    print(sum([0.1, 0.2, 0.3], 0.0), sum(none), sum(range(101)), sum([0.5, 0.25], 10.0))
    words = ["kiwi", "fig", "banana", "plum"]
    print(min(words, key=len), max(words, key=len), max(words, key=lambda w: w[-1]))
    withdraw("checking", max(xs) - min(xs))
