# A query returning rows: loop over the simulated rows and read their fields.
from tools.crm.trusted.effects import find_users
from tools.email.trusted.effects import send_email


def main() -> None:
    users = find_users("sales")
    print(len(users))
    for u in users:
        print(u.name, u.credit)
        if u.credit > 0:
            send_email(u.email, f"Hi {u.name}, you have {u.credit} credits")
    rich = [u.name for u in users if u.credit >= 100]
    print(rich)
