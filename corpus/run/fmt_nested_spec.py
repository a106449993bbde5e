# f-string format specs with nested replacement fields: width and precision from variables.
from tools.email.trusted.effects import send_email


def main() -> None:
    who = "O'Brien"
    width = 12
    x = 3.14159
    for prec in [1, 3]:
        print(f"[{x:.{prec}f}] [{who:>{len(who) + 2}}] [{'left':<{width}}|{'right':>{width}}]")
    send_email("bob@example.com", f"{who:^{width}}")
