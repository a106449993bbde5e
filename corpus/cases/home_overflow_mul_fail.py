# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: inputs: n = 
# n * 3 overflows int64 between unlock and lock.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = n * 3
    lock("front")
