"""Failed sign-ins are counted in the database per e-mail address and per client address, so every
server process refuses the same tries, with a message that says when to try again."""

import re
from datetime import timedelta

from inspector import create_app
from inspector.models.base import utcnow
from inspector.services import accounts

from ..conftest import PASSWORD


def attempt(client, email, password="wrong-password-here", ip="198.51.100.4"):
    return client.post(
        "/login", data={"email": email, "password": password}, environ_base={"REMOTE_ADDR": ip}
    )


def test_an_address_locks_after_five_failures_with_when_to_try_again(client, people):
    email = people["inspector"].email
    for _ in range(5):
        assert attempt(client, email).status_code == 400
    locked = attempt(client, email, PASSWORD)  # even the right password waits now
    text = locked.get_data(as_text=True)
    assert locked.status_code == 429 and 55 <= int(locked.headers["Retry-After"]) <= 61
    assert "Too many failed sign-ins. Try again after " in text
    assert re.search(r"\(in (5[5-9]|60) seconds\)", text)
    assert client.get("/sites/").status_code == 302


def test_an_unknown_address_is_locked_exactly_like_a_known_one(client, people):
    answers = {}
    for email in (people["inspector"].email, "nobody@example.test"):
        for _ in range(5):
            attempt(client, email)
        locked = attempt(client, email)
        text = locked.get_data(as_text=True).replace(email, "E")
        # Each address was locked at its own moment, so only the clock time in the message may differ.
        assert "Too many failed sign-ins. Try again after " in text
        text = re.sub(r"Try again after [^<]*?\)\.", "Try again after T.", text)
        answers[email] = (locked.status_code, "Retry-After" in locked.headers, text)
    assert len(set(answers.values())) == 1 and 429 in {a[0] for a in answers.values()}


def test_the_count_is_shared_by_every_server_process(app, people):
    # A second app on the same database stands for a second gunicorn worker.
    other_worker = create_app(
        {
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "SECRET_KEY": "test",
            "DATABASE_URL": app.config["DATABASE_URL"],
        }
    )
    email = people["inspector"].email
    for i in range(5):
        attempt((app if i % 2 else other_worker).test_client(), email)
    assert attempt(app.test_client(), email, PASSWORD).status_code == 429
    assert attempt(other_worker.test_client(), email, PASSWORD).status_code == 429
    other_worker.extensions["engine"].dispose()


def test_one_client_trying_many_addresses_is_locked_but_others_are_not(client, people):
    for i in range(20):
        attempt(client, f"guess{i}@example.test", ip="203.0.113.9")
    assert attempt(client, people["inspector"].email, PASSWORD, ip="203.0.113.9").status_code == 429
    assert attempt(client, people["inspector"].email, PASSWORD, ip="192.0.2.55").status_code == 302


def test_a_good_sign_in_clears_the_address_count_and_a_lock_ends(db, people):
    email, limits = people["inspector"].email, accounts.Limits()
    now = utcnow()
    for _ in range(4):
        accounts.authenticate(
            db, email, "wrong-password-here", client="192.0.2.1", limits=limits, now=now
        )
    assert accounts.authenticate(
        db, email, PASSWORD, client="192.0.2.1", limits=limits, now=now
    ).user
    for _ in range(4):  # the count started again: four more failures do not lock
        accounts.authenticate(
            db, email, "wrong-password-here", client="192.0.2.1", limits=limits, now=now
        )
    assert accounts.authenticate(
        db, email, PASSWORD, client="192.0.2.1", limits=limits, now=now
    ).user
    for _ in range(6):  # five lock for a minute, the sixth is refused unchecked
        result = accounts.authenticate(
            db, email, "wrong-password-here", client="192.0.2.1", limits=limits, now=now
        )
    assert result.retry_at == now + timedelta(seconds=60)
    later = now + timedelta(seconds=61)
    assert (
        accounts.authenticate(
            db, email, "wrong-password-here", client="192.0.2.1", limits=limits, now=later
        ).retry_at
        is None
    )
    # A failure right after a lock ends locks again, for twice as long.
    assert accounts.authenticate(
        db, email, PASSWORD, client="192.0.2.1", limits=limits, now=later
    ).retry_at == later + timedelta(seconds=120)
