# grep requires an absolute folder.
# expect: failed precondition grep
# expect: requires: lambda dir, pattern: dir.startswith('/')
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

def main() -> None:
    hits = grep("src", "TODO")
