# A policy cannot require a contract over a row type: it has no row to give.
# expect: refused
# code: TypeMismatch
# want: required contract addresses_from takes a row type (a parameter of type type), which a policy cannot give
import clauz3
from tools.mail.trusted.effects import send


def main() -> None:
    send("bob@example.com")
