# A missing dict key raises KeyError with the repr of the key.
from tools.email.trusted.effects import send_email


def main() -> None:
    ages = {"ann": 31, "bob": 27}
    send_email("ann@example.com", f"{ages['ann']}")
    print(ages["bob"])
    print(ages["Zoë's"])
