# expect: not proved
# code: ProverLimit
# want: whose body may raise on one row after another row's effects
# One row unlocks, a second raises before the lock after the loop: no single row shows it.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import all_users


@clauz3.guarantee(home.all_doors_locked())
def main() -> None:
    for u in all_users():
        if u.active:
            unlock("front")
        else:
            k = 100 // u.balance
    lock("front")
