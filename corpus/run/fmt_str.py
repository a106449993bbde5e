# f-string str formats: centering, fill, truncation, !r and !s, literal braces.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "café"
    print(f"[{s:^10}] [{s:>8}] [{s:<8}] [{s:-^10}] [{s:.2}] [{s:10.3}]")
    print(f"{s!r} {s!s} {'日本'!r:>8} {{}} {{{s}}} {{s}}")
    who = "O'Brien"
    print(f"{who!r} {who:>9} {len(who)}")
    print(f"{'🎉':*^5}|{'a' + 'b'}|{s.upper()}|{s[1:]}")
    print(f"{'left':<12}|{'right':>12}|")
    send_email("bob@example.com", f"Dear {who}, {{ok}}")
