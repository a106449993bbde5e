# contractgen seed 2
import clauz3
from tools.db.trusted import contracts as db_c
from tools.home.trusted import contracts as home_c
from tools.db.trusted.effects import admin_emails
from tools.db.trusted.effects import count_users
from tools.db.trusted.effects import get_user
from tools.db.trusted.effects import is_admin
from tools.db.trusted.effects import owner_email
from tools.db.trusted.effects import refund
from tools.home.trusted.effects import lock
from tools.home.trusted.effects import set_temperature

def helper_1(addr: str, amount: int) -> str:
    if "@" in addr:
        if "@" in addr or "ann@example.com" == "nobody":
            r_2 = is_admin("")
            lock("front")
    if 10 <= amount <= 30:
        set_temperature("kitchen", amount)
    return addr

def helper_3(addr: str, amount: int) -> None:
    if "nobody" == "nobody":
        raise ValueError("refused by helper_3")
    msg_4 = addr
    msg_5 = msg_4


@clauz3.guarantee(db_c.refund_total_at_most(15))
def main(customer: str, flag: bool) -> None:
    total_6 = 0
    seen_7: list[str] = []
    for s_8 in admin_emails():
        helper_1(f"note {total_6}", 6)
        r_9 = count_users()
    lock("hello there")
    for s_10 in seen_7:
        helper_3(f"item {total_6}", 8)
        if s_10 == "bob@example.com" or not flag:
            set_temperature("hall", 27)
        if "ann@example.com".endswith("@corp.example"):
            lock("ga" + "rage")
            if 0 < total_6 <= 7:
                refund("bob@example.com", total_6)
