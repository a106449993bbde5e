# Compute-heavy: counting keys in an insertion-ordered dict.
def main() -> None:
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"]
    counts: dict[str, int] = {}
    for i in range(500000):
        w = words[(i * 31 + i // 7) % 7]
        counts[w] = counts.get(w, 0) + 1
    for k, v in counts.items():
        print(k, v)
