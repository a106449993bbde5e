# One write per part: three writes, two promised.
# expect: failed guarantee fs.writes_at_most(2)
import clauz3
from tools.filesystem.trusted import contracts as fs
from tools.filesystem.trusted.effects import write_file

@clauz3.guarantee(fs.writes_at_most(2))
def main() -> None:
    for part in ["a", "b", "c"]:
        write_file("/data/out/" + part + ".txt", part)
