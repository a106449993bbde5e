# Two fixed patterns.
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_patterns(["TODO", "FIXME"]))
def main(strict: bool) -> None:
    a = grep("/work/src", "TODO")
    if strict:
        b = grep("/work/src", "FIXME")
