# Refused: the tickets come from a loop over all_users, whose length has no
# ensures bound, so the pairs cannot be enumerated.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import all_users, refund, ticket


@clauz3.guarantee(db.refund_ticketed())
def main() -> None:
    refund("acme", 5)
    for user in all_users():
        ticket(user.email, "hello")
