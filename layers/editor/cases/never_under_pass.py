# Edits in the source tree never touch the CI configuration.
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.never_edit_under("/work/.github"))
def main() -> None:
    for f in ["/work/src/a.py", "/work/src/b.py"]:
        replace_in_file(f, "import os", "import os.path")
