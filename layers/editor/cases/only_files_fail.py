# Also edits the changelog, which was not promised.
# expect: failed guarantee edits.only_files(['/work/app/version.py'])
# expect: counterexample: path = "/work/CHANGELOG.md"
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.only_files(["/work/app/version.py"]))
def main() -> None:
    replace_in_file("/work/app/version.py", "1.0", "1.1")
    replace_in_file("/work/CHANGELOG.md", "## Unreleased", "## 1.1")
