# main's parameters come from the arguments: ints, strs, bools and lists.
from tools.email.trusted.effects import send_email


def main(addr: str, count: int, loud: bool, tags: list[str]) -> None:
    msg = "Status" if not loud else "STATUS"
    for i in range(count):
        send_email(addr, f"{msg} {i + 1}/{count} [{', '.join(tags)}]")
    print(addr, count, loud, tags)
