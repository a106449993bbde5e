# tools/email/trusted/effects.py
import clauz3
@clauz3.requires(lambda addr, msg: "@" in addr)
@clauz3.trusted
def send_email(addr: str, msg: str) -> None: ...
