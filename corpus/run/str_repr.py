# repr of strings: quote choice, escapes, non-ASCII kept, control characters escaped.
from tools.email.trusted.effects import send_email


def main() -> None:
    items = ["plain", "it's", 'say "hi"', "both ' and \"", "tab\there", "new\nline", "back\\slash", "café ☕", "bell\x07", "nul\x00", "\u200b", "\x7f", "é\u0301"]
    for s in items:
        print(f"{s!r}")
    print(items)
    print({"key's": "val\"ue"}, ("é",))
    send_email("bob@example.com", f"{items[1]!r}")
