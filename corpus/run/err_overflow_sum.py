# sum adds with a check at every step: a partial sum past int64 raises even when the total would fit.
def main() -> None:
    xs = [9223372036854775807, -1, 1]
    print(sum(xs))
    ys = [9223372036854775807, 1, -1]
    print(sum([1, 2, 3]))
    print(sum(ys))
