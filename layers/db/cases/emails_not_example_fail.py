# The postcondition says "@", nothing about the domain.
# expect: failed assert (line 10)
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(3))
def main() -> None:
    for r in db_query("users", where={"consented": True}):
        assert r.email.endswith("@example.com")
