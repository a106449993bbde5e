# A deal.pre with message= fails: the error names the failed clause, in source order.
from tools.store.trusted.effects import write_note


def main() -> None:
    write_note("ok.txt", "fine")
    write_note("/etc/passwd", "no")
