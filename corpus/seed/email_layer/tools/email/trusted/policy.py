# tools/email/trusted/policy.py
from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="send_email",  # a trusted function name
    required=[],            # obligations added to the proof
    recommended=["only", "unique_recipients"],
    label="email",
)
