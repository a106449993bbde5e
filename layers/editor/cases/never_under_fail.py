# The workflow file is under /work/.github.
# expect: failed guarantee edits.never_edit_under('/work/.github')
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.never_edit_under("/work/.github"))
def main() -> None:
    replace_in_file("/work/.github/workflows/ci.yml", "go test", "true")
