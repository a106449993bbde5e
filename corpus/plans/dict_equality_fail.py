# A dict equals another only when every key's value does: n need not be 1.
def main(n: int) -> None:
    d = {"a": n, "b": 2}
    assert d == {"b": 2, "a": 1}
