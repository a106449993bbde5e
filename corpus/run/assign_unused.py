# Locals that are assigned but never read (and a helper result thrown away) are fine in Python.
from tools.email.trusted.effects import send_email


def score(word: str) -> int:
    points = len(word) * 2
    bonus = 0.5
    return points


def main() -> None:
    unused = 2.5
    label = "draft"
    label = "final"
    count = 0
    for i in range(3):
        count = i
    score("ignored")
    send_email("bob@example.com", "sent")
