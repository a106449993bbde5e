# Coverage policy of the db layer.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="notify",
    required=[],
    recommended=["notify_domain"],
    label="db",
)
