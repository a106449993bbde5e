# String repetition, concatenation, membership and code-point ordering.
from tools.email.trusted.effects import send_email


def main() -> None:
    print("ab" * 3, "-" * 0, "x" * -2 == "", 3 * "yo")
    a = "Zürich"
    b = "zurich"
    print(a < b, a.lower() < b, "ü" > "z", "Z" < "a", "10" < "9", "abc" < "abcd")
    print("rich" in a, "Zu" in a, "" in a, "ZÜ" not in a)
    word = ""
    for ch in "héllo":
        word = ch + word
    print(word, len(word))
    send_email("bob@example.com", a + "/" + b)
