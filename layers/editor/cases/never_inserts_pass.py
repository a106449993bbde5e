# The new text is a fixed literal without a shell call.
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.never_inserts("os.system"))
def main(fast: bool) -> None:
    new = "retries = 3"
    if fast:
        new = "retries = 1"
    replace_in_file("/work/src/config.py", "retries = 5", new)
