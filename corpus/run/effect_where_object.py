# where: dict[str, object] | None = None (a layer written for the original
# ClauZ3): mixed plain values, the None default and an empty dict reach the
# trace unchanged; the loop runs over the simulated tickets.
from tools.legacy.trusted.effects import comment, query_tickets


def main() -> None:
    n = 0
    for t in query_tickets("tickets", {"status": "open", "limit": 3, "urgent": True, "owner": None, "ratio": 0.25, "neg": -7}):
        n += 1
        print(t.id, t.title)
        if t.owner != "":
            comment(t.owner, f"{t.title} is yours")
    print(n, len(query_tickets("tickets")), len(query_tickets("archive", where={})))
