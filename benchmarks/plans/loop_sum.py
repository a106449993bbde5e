# Compute-heavy: a loop over 10^6 integers with arithmetic and a branch.
def main() -> None:
    total = 0
    for i in range(1000000):
        if i % 3 == 0:
            total += i * 7 % 13
        else:
            total -= i // 5 % 11
    print(total)
