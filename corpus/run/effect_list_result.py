# An effect returning list[str]: loop over the simulated result and email each user.
from tools.email.trusted.effects import send_email
from tools.store.trusted.effects import list_users


def main(team: str) -> None:
    users = list_users(team)
    print(len(users), users)
    for u in sorted(users):
        if "@" in u:
            send_email(u, f"welcome to {team}")
        else:
            print("skipping", u)
    others = list_users("ops")
    print(others)
