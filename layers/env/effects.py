# Trusted environment effects of the bundled env layer (clauz3 layers/env).
# get_env returns the variable's value, "" when it is unset. Whatever a
# contract allows, the layer refuses at run time a variable whose name
# looks like a credential (TOKEN, SECRET, PASSWORD, KEY, AUTH, ...) or
# whose value looks like one (securitymod/redact).
import deal


@deal.pre(lambda name: len(name) > 0, message="name must not be empty")
@deal.pre(lambda name: "=" not in name, message="name must not contain =")
@deal.has("env_read")
def get_env(name: str) -> str:
    """card: Read the environment setting {name}
    card action: read an environment setting
    card label name: setting name
    """
    ...
