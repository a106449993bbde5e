# The postcondition says "@", nothing about the domain.
#
# Not proved, and refused rather than shown a counterexample at the
# default resource limit: from a fresh solver the counterexample needs an
# rlimit of 9 to 12 million (clauz3 prove --rlimit 12000000 shows it).
# It was found within the default only by checking again a solver whose
# first check the limit had stopped, which the prover no longer does
# (prover/z3's doc, "Checks a limit stopped").
# expect: refused assert (line 18)
# expect: resource limit
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.queries_at_most(3))
def main() -> None:
    for r in db_query("users", where={"consented": True}):
        assert r.email.endswith("@example.com")
