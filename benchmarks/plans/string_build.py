# Compute-heavy: building a large string from f-strings and joins.
def main() -> None:
    parts: list[str] = []
    for i in range(200000):
        parts.append(f"{i}:{i % 97}")
    text = ",".join(parts)
    print(len(text))
    print(text[:40])
