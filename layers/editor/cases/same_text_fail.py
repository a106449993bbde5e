# Replacing a text with itself is refused by the precondition.
# expect: failed precondition replace_in_file
# expect: requires: lambda path, old, new: old != new
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

def main() -> None:
    replace_in_file("/work/notes.txt", "same", "same")
