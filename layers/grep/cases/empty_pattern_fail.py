# grep requires a non-empty pattern.
# expect: failed precondition grep
# expect: requires: lambda dir, pattern: len(pattern) > 0
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

def main() -> None:
    hits = grep("/work/src", "")
