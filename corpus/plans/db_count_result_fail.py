# Refused: count_users may return 0, and refund requires a positive amount.
import clauz3
from tools.db.trusted import contracts as db
from tools.db.trusted.effects import count_users, refund


def main() -> None:
    n = count_users()
    refund("bonus", n)
