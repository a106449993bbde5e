# Trusted email effects (clauz3 spelling of the decorators).
import clauz3


@clauz3.requires(lambda addr, msg: "@" in addr)
@clauz3.trusted
def send_email(addr: str, msg: str) -> None:
    """card: Send an email to {addr} saying “{msg}”
    card action: send an email
    card label addr: recipient
    card label msg: message
    """
    ...
