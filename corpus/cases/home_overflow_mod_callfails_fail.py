# expect: not proved
# want: failed guarantee home.all_doors_locked() when a call fails
# A call that fails at run time ends the run, and the trace it leaves
# breaks the claim, so it is not proved (prover/failedcall.go).
# % never overflows, and // by a positive constant neither.
import clauz3
from tools.home.trusted import contracts as home
from tools.home.trusted.effects import lock, unlock
from tools.db.trusted.effects import count_users, list_orders


@clauz3.guarantee(home.all_doors_locked())
def main(n: int) -> None:
    unlock("front")
    m = n % -1 + n // 2
    lock("front")
