# The path may be anywhere.
# expect: failed guarantee edits.only_edit_under('/work/src')
# expect: inputs: path =
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.only_edit_under("/work/src"))
def main(path: str) -> None:
    if path.startswith("/") and ".." not in path:
        replace_in_file(path, "TODO", "DONE")
