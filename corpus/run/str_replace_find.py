# replace, find/rfind/index, count, startswith/endswith and zfill.
from tools.email.trusted.effects import send_email


def main() -> None:
    s = "the cat sat on the mat"
    print(s.replace("at", "og"), s.replace("at", "og", 2), s.replace("", "-")[:12])
    print(s.find("at"), s.find("dog"), s[6:].find("at"), s.find("sat"))
    print(s.count("at"), s.count(""), "aaaa".count("aa"))
    print(s.startswith("the"), s.endswith("mat"), s[4:].startswith("cat"), s.endswith(""))
    print("42".zfill(5), "-42".zfill(5), "+7".zfill(4), "abc".zfill(2), "é".zfill(3))
    print("Ünïcode".replace("ï", "i").find("code"))
    send_email("bob@example.com", s.replace("cat", "dog"))
