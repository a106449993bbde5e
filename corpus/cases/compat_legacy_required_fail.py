# The legacy layer's policy requires comments_at_most() (default 5).
# expect: not proved
# want: failed required tools.legacy.trusted.contracts.comments_at_most(5)
# coverage: tickets:required_gap
from tools.legacy.trusted.effects import comment


def main() -> None:
    for i in range(6):
        comment("bob@example.com", "ping")
