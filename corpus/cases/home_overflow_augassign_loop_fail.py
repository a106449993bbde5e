# expect: not proved
# want: failed guarantee home.all_doors_locked()
# An accumulator over order amounts overflows in the loop.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    total = 0
    for o in list_orders("ann"):
        total += o.amount
    lock("front")
