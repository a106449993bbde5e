# len, indexing and slicing of non-ASCII strings count code points, not bytes.
from tools.email.trusted.effects import send_email


def main() -> None:
    words = ["café", "日本語", "naïve résumé", "🎉🎂!", "e\u0301", "ascii"]
    for w in words:
        print(w, len(w), w[0], w[-1], w[1:3], w[::-1])
    s = "Grüße aus Köln 🍺"
    print(len(s), s[6:9], s[-1], s[-3:], s.find("Köln"), s.find("🍺"))
    print("日" in s, "ö" in s, s.count("e"), s[100:], s[-100:2])
    send_email("bob@example.com", s[:5] + " " + words[1][1])
