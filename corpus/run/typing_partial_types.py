# Partial types (as mypy infers them): an empty [], {}, set() takes its type from the first statement that fixes it.
from tools.email.trusted.effects import send_email


def main(text: str, flag: bool) -> None:
    lengths = {}
    for w in text.split(" "):
        lengths[w] = len(w)
    upper = []
    for w in text.split(" "):
        if len(w) > 2:
            upper.append(w.upper())
    seen = set()
    for w in text.split(" "):
        seen.add(w)
    ys = list()
    if flag:
        ys.extend(upper)
    merged = dict()
    merged.update(lengths)
    merged["total"] = sum(lengths.values())
    counts = {}
    for w in text.split(" "):
        if w not in counts:
            counts[w] = 0
        counts[w] += 1
    found = []
    if "cat" in found:
        print("never")
    found.append("cat" if "cat" in counts else "dog")
    print(lengths, upper, len(seen), ys, merged, counts, found)
    send_email("bob@example.com", f"{len(seen)} distinct words, longest {max(lengths.values())}")
