# An unfiltered query reads the whole table.
# expect: failed guarantee db.only_filtered()
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import db_query

@clauz3.guarantee(db.only_filtered())
def main() -> None:
    everyone = db_query("users")
