# The new text has any length.
# expect: failed guarantee edits.new_text_at_most(40)
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.new_text_at_most(40))
def main(text: str) -> None:
    if text != "old":
        replace_in_file("/work/notes.txt", "old", text)
