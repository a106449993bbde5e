# One edit per file: three, two promised.
# expect: failed guarantee edits.edits_at_most(2)
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.edits_at_most(2))
def main() -> None:
    for f in ["/work/a.py", "/work/b.py", "/work/c.py"]:
        replace_in_file(f, "print", "log")
