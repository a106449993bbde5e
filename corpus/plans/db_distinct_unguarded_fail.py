# Refused: two staff rows may share a name, so the loop notifies one
# address twice. The distinct check is built in full only once its
# linear form does not prove it; that full goal once lost its guarantee,
# and its counterexample was refused as one that does not replay
# (contractgen seeds 263 and 1177).
import clauz3
from tools.db.trusted import contracts as db_c
from tools.db.trusted.effects import db_query
from tools.db.trusted.effects import notify


@clauz3.guarantee(db_c.notify_once_each())
def main() -> None:
    for u in db_query("staff"):
        notify(u.name, u.email)
