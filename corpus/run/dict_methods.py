# get with and without defaults, setdefault, pop with default, membership, copy semantics.
from tools.email.trusted.effects import send_email


def main() -> None:
    ages = {"ann": 31, "bob": 27}
    print(ages.get("ann"), ages.get("cat"), ages.get("cat", 0), "bob" in ages)
    print(ages.setdefault("cat", 5), ages.setdefault("ann", 99), ages)
    print(ages.pop("bob"), ages.pop("zed", -1), ages)
    other = dict(ages)
    other["dan"] = 40
    alias = ages
    alias["eve"] = 22
    print(ages, other, len(other))
    empty: dict[str, int] = {}
    print(empty, len(empty), "x" in empty)
    for name, age in ages.items():
        if age > 20:
            send_email(f"{name}@example.com", f"you are {age}")
