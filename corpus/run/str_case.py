# upper/lower/title/capitalize/swapcase with non-ASCII, including one-to-many mappings.
from tools.email.trusted.effects import send_email


def main() -> None:
    for s in ["straße", "ÉCOLE", "hello world", "o'neil is 42nd", "ǆemal", "İstanbul", "ﬁne", "ΣΑΣ"]:
        print(s.upper(), s.lower(), s.title(), s.capitalize())
    print("İ".lower(), len("İ".lower()), "ß".upper(), len("ß".upper()))
    print("ab1".isalpha(), "abc".isalpha(), "123".isdigit(), "١٢٣".isdigit(), "  ".isspace())
    name = "josé da silva"
    send_email("jose@example.com", f"Hello {name.title()}")
