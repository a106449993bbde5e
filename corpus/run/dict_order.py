# Dicts keep insertion order; updating a key keeps its place; pop and re-add moves it last.
from tools.email.trusted.effects import send_email


def main() -> None:
    d = {"b": 1, "a": 2}
    d["c"] = 3
    d["b"] = 10
    print(d, list(d), list(d.keys()), list(d.values()), list(d.items()))
    d.pop("b")
    d["b"] = 4
    print(d, len(d))
    d.update({"a": 0, "z": 26})
    print(d)
    for k in d:
        send_email(f"{k}@example.com", f"{k}={d[k]}")
