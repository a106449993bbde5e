# A plan's own precondition over an optional value fails at run time (cc has no "@"): every engine stops there.
import deal


@deal.pre(lambda to, cc=None: cc is None or "@" in cc)
def mail(to: str, cc: str | None = None) -> None:
    print(to, cc)


def main(cc: str) -> None:
    mail("bob@example.com")
    mail("bob@example.com", cc=cc)
