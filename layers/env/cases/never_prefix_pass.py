# A caller-chosen name, kept out of the AWS_ family.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.never_var_prefix("AWS_"))
def main(name: str) -> None:
    if len(name) > 0 and "=" not in name and not name.startswith("AWS_"):
        v = get_env(name)
