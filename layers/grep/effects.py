# Trusted search effect of the bundled grep layer (clauz3 layers/grep).
# grep searches the UTF-8 text files under dir (recursively) for a Go RE2
# regular expression (linear time: no catastrophic backtracking) and
# returns the matching lines as "path:line:text" lines. dir is absolute and
# free of "..", so the contracts' prefix checks on it are checks on the
# place; at run time the search also stays inside the configured roots,
# skips symlinks, and the security module's path floor refuses credential
# and system locations whatever the contract says.
import deal


@deal.pre(lambda dir, pattern: dir.startswith("/"), message="dir must be absolute")
@deal.pre(lambda dir, pattern: ".." not in dir, message="dir must not contain ..")
@deal.pre(lambda dir, pattern: len(pattern) > 0, message="pattern must not be empty")
@deal.post(lambda result: len(result) <= 1000000)
@deal.has("search")
def grep(dir: str, pattern: str) -> str:
    """card: Search the files under {dir} for “{pattern}”
    card action: search files
    card label dir: folder
    card label pattern: pattern
    """
    ...
