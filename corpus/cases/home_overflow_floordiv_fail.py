# expect: not proved
# want: failed guarantee home.all_doors_locked()
# want: n = -9223372036854775808
# The smallest int64 // -1 overflows.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = n // -1
    lock("front")
