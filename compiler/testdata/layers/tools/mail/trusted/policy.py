from clauz3.policy import domain_policy

POLICY = domain_policy(
    when_used="send_email",
    required=["at_most"],
    recommended=["only", "unique_recipients"],
    label="mail",
)
