# break and continue in single and nested loops; break only leaves the inner loop.
import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["ann@example.com", "bob@example.com"]))
@clauz3.guarantee(emails.at_most(2))
def main() -> None:
    for i in range(10):
        if i % 3 == 0:
            continue
        if i > 7:
            break
        print("i", i)
    found: list[tuple[int, int]] = []
    for a in range(1, 5):
        for b in range(1, 5):
            if b > a:
                break
            if (a + b) % 2 == 1:
                continue
            found.append((a, b))
    print(found)
    for addr in ["ann@example.com", "skip", "bob@example.com", "stop", "cat@example.com"]:
        if addr == "skip":
            continue
        if addr == "stop":
            break
        send_email(addr, "loop")
