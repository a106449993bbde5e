# The edit is on a path that cannot be taken.
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.no_edits())
def main(n: int) -> None:
    if n > 1 and n < 1:
        replace_in_file("/work/notes.txt", "a", "b")
