# The second of two deal.pre clauses fails: the first holds, the second is reported.
from tools.store.trusted.effects import write_note


def main() -> None:
    write_note("a/../b.txt")
