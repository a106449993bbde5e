# contractgen seed 1
import clauz3
from tools.db.trusted import contracts as db_c
from tools.files.trusted import contracts as files_c
from tools.db.trusted.effects import notify
from tools.files.trusted.effects import list_dir
from tools.files.trusted.effects import read_file
from tools.files.trusted.effects import write_file

def helper_1(addr: str, amount: int) -> str:
    if addr in ["ann@example.com", "bob@example.com"]:
        raise ValueError("refused by helper_1")
    msg_2 = f"item {amount}"
    msg_3 = msg_2 + "@example.com"
    notify("ann@example.com", msg_2)
    return "ops@corp.example"


@clauz3.guarantee(db_c.notify_only_users())
@clauz3.guarantee(files_c.writes_under("/home/u/"))
def main(customer: str, n: int) -> None:
    total_4 = 0
    if customer.endswith("@corp.example"):
        write_file("/home/u/notes.txt", customer)
    else:
        for s_5 in ["ann@example.com", "garage"]:
            if "eve@elsewhere.example" == "bob@example.com":
                list_dir(s_5)
                msg_6 = s_5
            total_4 += 1
    if customer.endswith("@example.com"):
        return
    if customer.startswith("/"):
        read_file(customer)
