# The pattern comes from the input.
# expect: failed guarantee search.only_patterns(['TODO', 'FIXME'])
# expect: inputs: p =
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.only_patterns(["TODO", "FIXME"]))
def main(p: str) -> None:
    if len(p) > 0:
        hits = grep("/work/src", p)
