# A plan's own conditions test optional values against None (x is None or ...) and hold at run time in every engine.
import deal


@deal.pre(lambda to, cc=None: "@" in to and (cc is None or "@" in cc))
def mail(to: str, cc: str | None = None) -> str:
    return to if cc is None else to + "," + cc


@deal.post(lambda result: result is None or result.endswith("@example.com"))
def pick(n: int) -> str | None:
    return "bob@example.com" if n > 0 else None


def main() -> None:
    print(mail("bob@example.com"))
    print(mail("bob@example.com", cc="ann@example.com"))
    print(pick(1), pick(0))
