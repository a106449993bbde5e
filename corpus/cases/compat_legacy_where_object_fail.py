# A where: dict[str, object] argument does not hide the loop's comments:
# up to 50 tickets, one comment each.
# expect: not proved
# want: failed guarantee tickets.comments_at_most(3)
# want: where={"status": "open", "limit": 3}
import clauz3
from tools.legacy.trusted import contracts as tickets
from tools.legacy.trusted.effects import comment, query_tickets


@clauz3.guarantee(tickets.comments_at_most(3))
def main() -> None:
    for t in query_tickets("t", where={"status": "open", "limit": 3}):
        if t.id < 0:
            comment("bob@example.com", "odd id")
