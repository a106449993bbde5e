# Sets are only tested for membership and size (never iterated or printed).
from tools.email.trusted.effects import send_email


def main() -> None:
    seen = {"ann@example.com"}
    seen.add("bob@example.com")
    seen.add("ann@example.com")
    print(len(seen), "bob@example.com" in seen, "cat@example.com" not in seen)
    dupes = set(["x", "y", "x", "z", "y"])
    print(len(dupes), "y" in dupes)
    nums = {n % 4 for n in range(20)}
    print(len(nums), 3 in nums, 4 in nums)
    for addr in ["ann@example.com", "cat@example.com", "bob@example.com", "ann@example.com"]:
        if addr in seen:
            seen.discard(addr)
            send_email(addr, "first and only")
    print(len(seen))
