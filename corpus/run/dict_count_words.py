# Counting words with get() and building an index of positions; first-seen order.
from tools.email.trusted.effects import send_email


def main() -> None:
    text = "the quick brown fox jumps over the lazy dog the end"
    counts: dict[str, int] = {}
    where: dict[str, list[int]] = {}
    for i, w in enumerate(text.split()):
        counts[w] = counts.get(w, 0) + 1
        if w not in where:
            where[w] = []
        where[w].append(i)
    print(counts)
    print(where["the"], where["fox"])
    top = sorted(counts.items(), key=lambda kv: -kv[1])
    print(top[:3])
    send_email("bob@example.com", f"most common: {top[0][0]} x{top[0][1]}")
