# Trusted email effects of the bundled email layer (clauz3 layers/email).
# Both effects carry the marker "email", so contracts over effect("email")
# see every message, whichever effect sent it.
import deal


@deal.pre(lambda addr, msg: "@" in addr, message="addr must be an e-mail address")
@deal.pre(lambda addr, msg: "\n" not in addr and "\r" not in addr, message="addr must be one line")
@deal.has("email")
def send_email(addr: str, msg: str) -> None:
    """card: Send an email to {addr} saying “{msg}”
    card action: send an email
    card label addr: recipient
    card label msg: message
    """
    ...


@deal.pre(lambda addr, subject, msg: "@" in addr, message="addr must be an e-mail address")
@deal.pre(lambda addr, subject, msg: "\n" not in addr and "\r" not in addr, message="addr must be one line")
@deal.pre(lambda addr, subject, msg: "\n" not in subject and "\r" not in subject, message="subject must be one line")
@deal.has("email")
def send_email_with_subject(addr: str, subject: str, msg: str) -> None:
    """card: Send an email to {addr} with the subject “{subject}” saying “{msg}”
    card action: send an email
    card label addr: recipient
    card label subject: subject
    card label msg: message
    """
    ...
