"""Schemathesis hooks of the contract run (scripts/contract.toml loads this file).

Who sends each request. CONTRACT_SESSIONS (set by scripts/contract.sh) holds a session
cookie and its anti-forgery token for each client of the run:
- the moderator, for every operation not named below;
- a guest, for signing in (joining, a password, a sign-in link: each ends the session it
  was sent with) and for the dispatch endpoints, which can run any action, signing out
  among them;
- a second member, whose session signing out ends;
- a member who asks to move by the form's path, and two members whose accounts are
  deleted;
- a member of each phase's own for the writes a member may make only a few of in a while
  (asking, answering, reporting, reviewing, changing the password to itself, asking to
  move), so one phase's cases do not use up the limit
  another phase's valid cases need.

Every request comes from a client address of its own (X-Forwarded-For, which the run's
server trusts from the loopback address only), as the requests of many visitors would:
the per-address rate limits are the Rust tests' subject, and here they would answer 429
to most of a run that comes from one address.

Each join and each move gets an e-mail address of its own: the two join operations draw the same
addresses from the run's one seed, and the second would find every one taken. A number
put before the address's local part keeps an address the rule accepts acceptable.
"""

import itertools
import json
import os

import schemathesis

SESSIONS = json.loads(os.environ["CONTRACT_SESSIONS"])

AS_GUEST = {
    "POST /home/rpc/Members.Join",
    "POST /join",
    "POST /home/rpc/Members.SignIn",
    "POST /sign-in",
    "POST /home/rpc/Members.ConfirmLight",
    "POST /join/light/confirm",
    "POST /home/rpc/Members.ForgotPassword",
    "POST /sign-in/forgot",
    "POST /home/rpc/Members.ResetPassword",
    "POST /sign-in/reset",
    "POST /home/rpc/Members.ConfirmEmail",
    "POST /join/confirm",
    "POST /home/rpc/Members.ConfirmEmailChange",
    "POST /home/settings/email/confirm",
    "GET /home/rpc",
    "POST /home/rpc",
    "GET /ajax.php",
    "POST /ajax.php",
}
AS_LEAVER = {"POST /home/rpc/Members.SignOut", "POST /sign-out"}
# Each deletes the account of its own member: once, then as a guest.
AS_DELETER = {
    "POST /home/rpc/Members.DeleteAccount": "deleter-1",
    "POST /home/settings/delete": "deleter-2",
}
PER_PHASE = {
    "POST /home/rpc/Qna.Ask",
    "POST /home/rpc/Qna.Answer",
    "POST /home/rpc/Qna.Report",
    "POST /home/rpc/Reviews.Write",
    # A member gives 10 wrong passwords an hour and moves 5 times a day.
    "POST /home/rpc/Members.ChangePassword",
    "POST /home/settings/password",
    "POST /home/rpc/Members.ChangeEmail",
}
# The form's move has a member of its own: a phase's member spends its 5 moves a day on
# the action's cases.
AS_MOVER = {"POST /home/settings/email"}
JOINS = {"POST /home/rpc/Members.Join", "POST /join"}
# A move to an address another member has is refused, so moves get addresses of their own too.
MOVES = {"POST /home/rpc/Members.ChangeEmail", "POST /home/settings/email"}

_clients = itertools.count(1)
_joins = itertools.count(1)


def _session(label, case):
    if label in AS_GUEST:
        return SESSIONS["guest"]
    if label in AS_LEAVER:
        return SESSIONS["leaver"]
    if label in AS_MOVER:
        return SESSIONS["mover"]
    if label in AS_DELETER:
        return SESSIONS[AS_DELETER[label]]
    if label in PER_PHASE and case.meta is not None:
        return SESSIONS[str(case.meta.phase.name.value)]
    return SESSIONS["moderator"]


@schemathesis.hook
def before_call(context, case, kwargs):
    label = case.operation.label
    cookie, token = _session(label, case)
    n = next(_clients) % 65536
    case.headers = {
        **(case.headers or {}),
        "Cookie": cookie,
        "X-XSRF-TOKEN": token,
        "X-Forwarded-For": f"198.18.{n // 256}.{n % 256}",
    }
    if label in JOINS | MOVES and isinstance(case.body, dict):
        email = case.body.get("email")
        if isinstance(email, str) and "@" in email:
            case.body = {**case.body, "email": f"j{next(_joins)}.{email}"}
