# Coverage policy of the bundled env layer: a plan that reads the
# environment should say which variables.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="env_read",
    required=[],
    recommended=["only_vars"],
    label="env",
)
