# read_preview's precondition is proved at the call.
# expect: not proved
# want: ✗ main: failed precondition read_preview (line 10)
import clauz3
from tools.files.trusted import contracts as files
from tools.files.trusted.effects import read_preview

@clauz3.guarantee(files.reads_at_most(1))
def main() -> None:
    text = read_preview("")
