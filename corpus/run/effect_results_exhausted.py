# More calls than simulated results: the run stops with the simulation's error.
from tools.store.trusted.effects import lookup
from tools.email.trusted.effects import send_email


def main() -> None:
    for key in ["a", "b", "c"]:
        v = lookup(key)
        send_email("bob@example.com", v)
