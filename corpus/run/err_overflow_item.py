# An augmented assignment to a list item overflows like any other sum.
def main() -> None:
    xs = [1, 9223372036854775800]
    for i in range(3):
        xs[1] += 3
        print(xs)
