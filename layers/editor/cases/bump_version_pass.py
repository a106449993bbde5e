# Bump the version string in one known file.
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.only_files(["/work/app/version.py"]))
@clauz3.guarantee(edits.edits_at_most(1))
@clauz3.guarantee(edits.new_text_at_most(40))
def main() -> None:
    replace_in_file("/work/app/version.py", 'VERSION = "1.0"', 'VERSION = "1.1"')
