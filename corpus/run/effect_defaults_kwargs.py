# Effect calls with defaults omitted and keywords out of order: traces list every parameter in order.
from tools.store.trusted.effects import write_note
from tools.bank.trusted.effects import withdraw


def main() -> None:
    write_note("notes/a.txt")
    write_note("notes/b.txt", "body")
    write_note(text="kw", path="notes/c.txt", append=True)
    write_note("notes/d.txt", append=False)
    withdraw(amount=5, account="checking")
