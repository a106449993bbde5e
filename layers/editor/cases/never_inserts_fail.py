# The replacement text comes from the input.
# expect: failed guarantee edits.never_inserts('os.system')
# expect: inputs: code =
import clauz3
from tools.editor.trusted import contracts as edits
from tools.editor.trusted.effects import replace_in_file

@clauz3.guarantee(edits.never_inserts("os.system"))
def main(code: str) -> None:
    if len(code) > 0 and code != "pass":
        replace_in_file("/work/src/hook.py", "pass", code)
