# str and list methods beyond the first set: index, rfind, center/ljust/rjust, swapcase, is*, rsplit, clear.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "the cat sat on the mat"
    print(s.index("sat"), s.rfind("at"), s.rindex("the"), "ab".center(6, "*"), "ab".ljust(5, "."), "ab".rjust(5), "x".center(4))
    print("ǆemal".swapcase(), "Ab".islower(), "AB".isupper(), "Ab Cd".istitle(), "a,b,c,d".rsplit(",", 1))
    xs = [1, 2]
    ys = xs
    xs.clear()
    print(xs, ys, "a-b".partition("-"))
    send_email("bob@example.com", s.swapcase())
