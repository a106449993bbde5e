# The original's where: dict[str, object] | None = None loads unchanged: a
# plan passes a dict of mixed plain values (or nothing), and loops over the
# tickets the query returns.
# expect: proved
# coverage: tickets:covered
import clauz3
from tools.legacy.trusted import contracts as tickets
from tools.legacy.trusted.effects import comment, query_tickets


@clauz3.guarantee(tickets.comments_only_to(["bob@example.com"]))
@clauz3.guarantee(tickets.comments_at_most(2))
def main() -> None:
    for t in query_tickets("t", {"status": "open", "limit": 3, "urgent": True, "owner": None}):
        if t.id < 0:
            comment("bob@example.com", "odd id " + t.title)
            break
    everything = query_tickets("t")
    if len(everything) > 40:
        comment("bob@example.com", "too many tickets")
