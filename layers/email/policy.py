# Coverage policy of the bundled email layer: a plan that sends e-mail
# should say to whom, and that nobody gets the same message twice.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="email",
    required=[],
    recommended=["only", "unique_recipients"],
    label="email",
)
