# Python's == on dicts: the same keys (in any order) and equal values.
def main(n: int) -> None:
    d = {"a": n, "b": 2}
    e = {"b": 2, "a": 1}
    if n == 1:
        assert d == e
    else:
        assert d != e
    f = {"a": [n], "b": [2]}
    assert f != {"a": [n]}
