from clauz3.policy import domain_policy

POLICY = domain_policy(when_used=["withdraw", "fee"], required=[], recommended=["max_spend"])
