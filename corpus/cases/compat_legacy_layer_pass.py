# A layer written for the original Python ClauZ3 loads unchanged: deal
# decorators with message=, several markers, relative imports, an optional
# where= with a None default, rows in their own module, contract bodies
# with intermediate relation variables (tools/legacy).
# expect: proved
# english: There is no comment (comment) where owner is none of 'bob@example.com', 'ann@example.com'.
# coverage: tickets:covered
import clauz3
from tools.legacy.trusted import contracts as tickets
from tools.legacy.trusted.effects import comment, close_ticket


@clauz3.guarantee(tickets.comments_only_to(["bob@example.com", "ann@example.com"]))
def main(urgent: bool) -> None:
    if urgent:
        comment("bob@example.com", "on it")
    else:
        comment("ann@example.com", "tomorrow")
    close_ticket(3)
