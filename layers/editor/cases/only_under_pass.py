# A caller-chosen file name, inside the source folder.
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.only_edit_under("/work/src"))
def main(name: str) -> None:
    if len(name) > 0 and "/" not in name and ".." not in name:
        replace_in_file("/work/src/" + name, "TODO", "DONE")
