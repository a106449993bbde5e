# A local first assigned None without an annotation takes the type T | None of a later assignment (mypy's partial None), when nothing reads it in between; an annotated one beside it, both assigned in a loop.
from tools.email.trusted.effects import send_email


def main(n: int) -> None:
    last = None
    first: int | None = None
    for i in range(4):
        last = i * n
        if i == 1:
            first = i + n
    label = None
    if n > 3:
        label = "many"
    print(last, first, label)
    if last is not None and label is not None:
        send_email("bob@example.com", f"{label}: {last + 1}")
