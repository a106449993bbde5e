# Slices of strings and lists: steps, negative bounds, clamping, empty results.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "0123456789"
    print(s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[::2], s[1::3], s[::-1], s[8:2:-2])
    print(s[5:2], s[-100:100], s[20:], repr(s[3:3]), s[-1:-4:-1])
    xs = [10, 20, 30, 40, 50]
    print(xs[1:3], xs[::-1], xs[::2], xs[-2:], xs[:0], xs[4:1:-1])
    ys = xs[:]
    ys[0] = 99
    print(xs, ys)
    t = (1, 2, 3, 4)
    print(t[0], t[-1], len(t))
    n = 3
    send_email("bob@example.com", s[n:n + 4])
