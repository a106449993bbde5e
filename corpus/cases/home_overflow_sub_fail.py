# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: inputs: n = -922337203685477580
# n - 2 overflows int64 between unlock and lock.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = n - 2
    lock("front")
