# A loop of sends with non-ASCII and punctuation-heavy messages; trace JSON keeps them raw.
from tools.email.trusted.effects import send_email


def main() -> None:
    msgs = ["Grüße 👋", "日本語のメール", 'quote " and \\ backslash', "tab\tand\nnewline", "<b>&amp;</b>", "line\u2028sep\u2029para", "ctrl\x01\x1f\x7f", "emoji 🎉 zwj 👩\u200d💻"]
    for i, m in enumerate(msgs):
        send_email(f"user{i}@example.com", m)
