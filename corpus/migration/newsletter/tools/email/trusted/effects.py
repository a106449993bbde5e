import smtplib
from email.message import EmailMessage

import clauz3


@clauz3.requires(lambda addr, msg: "@" in addr)
@clauz3.trusted
def send_email(addr: str, msg: str) -> None:
    m = EmailMessage()
    m["To"] = addr
    m.set_content(msg)
    with smtplib.SMTP("localhost") as s:
        s.send_message(m)
