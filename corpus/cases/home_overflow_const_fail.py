# expect: not proved
# want: failed guarantee home.all_doors_locked()
# Constant arithmetic past int64 raises on every run.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = 9223372036854775807
    m = m + n * 0 + 1
    lock("front")
