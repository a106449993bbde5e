# enumerate's counter is an int64 too: it raises where it would yield the largest int64.
def main() -> None:
    for i, s in enumerate(["a", "b", "c"], 9223372036854775805):
        print(i, s)
