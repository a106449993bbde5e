# The value read decides a second read: both stay inside the promise.
import clauz3
from tools.env.trusted import contracts as env
from tools.env.trusted.effects import get_env

@clauz3.guarantee(env.only_vars(["CI", "RUNNER_NAME"]))
def main() -> None:
    ci = get_env("CI")
    if ci == "true":
        runner = get_env("RUNNER_NAME")
