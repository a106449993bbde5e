# A caller-chosen folder, kept out of /etc.
import clauz3
from tools.grep.trusted import contracts as search
from tools.grep.trusted.effects import grep

@clauz3.guarantee(search.never_search_under("/etc"))
def main(dir: str) -> None:
    if dir.startswith("/work/") and ".." not in dir:
        hits = grep(dir, "TODO")
