# A second query with another filter.
# expect: failed guarantee db.only_where('team=ops')
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_where("team=ops"))
def main() -> None:
    ops = db_query("users", "team=ops")
    dev = db_query("users", "team=dev")
