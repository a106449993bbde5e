# expect: not proved
# want: failed guarantee home.all_doors_locked()
# An effect result near the top of int64 plus one overflows.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = count_users() + n
    lock("front")
