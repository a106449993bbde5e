# Comprehensions with filters, several for clauses, dict and set comprehensions.
from tools.email.trusted.effects import send_email


def main() -> None:
    evens = [x * x for x in range(10) if x % 2 == 0]
    pairs = [(x, y) for x in range(3) for y in range(3) if x != y]
    print(evens, pairs)
    flat = [c for w in ["ab", "cd"] for c in w]
    print(flat, [w.upper() for w in ["a", "é"] if w])
    lens = {w: len(w) for w in ["one", "three", "five"] if len(w) > 3}
    print(lens)
    uniq = {x % 3 for x in range(10)}
    print(len(uniq), 2 in uniq, 5 in uniq)
    tri = [[j for j in range(i)] for i in range(4)]
    print(tri, [sum(r) for r in tri])
    x = 100
    _ = [x for x in range(3)]
    print(x)
    team = ["ann", "bob", "cat"]
    for addr in [f"{n}@example.com" for n in team if n != "bob"]:
        send_email(addr, "standup")
