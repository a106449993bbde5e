# Coverage policy of the bundled web_fetch layer: a plan that makes web
# requests should say where they go and that they are encrypted.
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="http",
    required=[],
    recommended=["https_only", "only_fetch_under"],
    label="web_fetch",
)
