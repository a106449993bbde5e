# randplan seed 73 of TestSoundness (with the guarantees withGuarantees drew): the send at line 46 and the withdraw in h1 are reached only when line 40's send passed, and it always fails (issue 12; TestPreconditionOrder checks each obligation).
# expect: not proved
# want: failed precondition send_email (line 40)
import clauz3
from tools.email.trusted import contracts as emails
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import deposit, withdraw
from tools.email.trusted.effects import send_email


def h1() -> int:
    n2 = ((len(" nb　") // -6)) % 50
    s3 = ("ǅ" + f"é:{True}{n2}x={'ǅ'}")
    n4 = (-14) % 997
    s3 = ("ﬁne")[:40]
    withdraw("savings", ((17 + -17)) % 5 - 2)
    deposit("savings", (20) % 50 + 1)
    n4 += len(s3)
    return ((-n4)) % 101


@clauz3.guarantee(emails.recipient_at_most('bob@example.com', 35))
@clauz3.guarantee(emails.recipient_at_most('bob@example.com', 37))
def main(arg0: str, arg1: int) -> None:
    ws5: list[str] = ["x@y", "ǆemal", "zoë@example.com"]
    s6 = arg0
    ws7: list[str] = ["zoë@example.com", "日本", "-", "tab\tx"]
    n8 = (17) % 50
    s9 = (" nb　" + f"{arg1}")
    arg0 = ("é")[:40]
    s9 += "café"
    for i10 in range(2):
        deposit("savings", ((i10 - (-20 + -6))) % 50 + 1)
        ws5 = (["tab\tx", "", "ann@example.com"])[:8]
        arg1, s6 = (((i10 + n8) - arg1)) % 7, ("café" + "bob")
    for _ in range(2):
        if ((5 - arg1) <= -16):
            continue
    arg0 += ""
    send_email(ws5[6 % len(ws5)], ((s9 + s9) + "ΣΑΣ"))
    print([-1, 3])
    for _ in range(1):
        print({"c": 19, "k1": 19}, ((arg1 % -3) + arg1), [3])
        arg0 = ((ws7[6 % len(ws7)] + arg0))[:40]
        arg0 += "x y z"
        send_email(ws7[len("naïve") % len(ws7)], f"é:{True}{str(-5)}")
    for _ in range(1):
        arg1 = (h1()) % 101
