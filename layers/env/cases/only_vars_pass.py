# Reads the locale and the editor, nothing else.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.only_vars(["LANG", "EDITOR"]))
@clauz3.guarantee(env.env_reads_at_most(2))
def main() -> None:
    lang = get_env("LANG")
    editor = get_env("EDITOR")
