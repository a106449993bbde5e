# Trusted store effects of the runnable corpus: effects that return values
# (simulated from NAME.effects.json), defaults, floats in traces, and both
# decorator spellings. No Go implementation: simulated runs only.
import clauz3
import deal


@clauz3.ensures(lambda result: result >= 0)
@clauz3.trusted
def balance(account: str) -> int: ...


@clauz3.trusted
def price(item: str) -> float: ...


@clauz3.trusted
def lookup(key: str) -> str: ...


@clauz3.trusted
def list_users(team: str) -> list[str]: ...


@clauz3.requires(lambda amount, memo: amount > 0 and len(memo) <= 20)
@clauz3.trusted
def pay(amount: float, memo: str = "") -> None: ...


@deal.pre(lambda path: not path.startswith("/"), message="relative paths only")
@deal.pre(lambda path: ".." not in path)
@deal.has("write")
def write_note(path: str, text: str = "", append: bool = False) -> None: ...


@clauz3.requires(lambda addr, cc=None: "@" in addr and (cc is None or "@" in cc))
@clauz3.trusted
def invite(addr: str, cc: str | None = None) -> None: ...


@clauz3.ensures(lambda result: result is None or "@" in result)
@clauz3.trusted
def owner() -> str | None: ...
