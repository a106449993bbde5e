# A fallback reads VISUAL, which was not promised.
# expect: failed guarantee env.only_vars(['LANG', 'EDITOR'])
# expect: name="VISUAL"
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.only_vars(["LANG", "EDITOR"]))
def main() -> None:
    editor = get_env("EDITOR")
    if editor == "":
        editor = get_env("VISUAL")
