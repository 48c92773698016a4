"""An unknown e-mail costs the same work as a wrong password: one hash check, never a new hash."""

from inspector.services import accounts

from ..conftest import PASSWORD

LIMITS = {"client": "192.0.2.7", "limits": accounts.Limits()}


def count_hashing(monkeypatch):
    calls = {"check": [], "generate": 0}
    real_check = accounts.check_password_hash

    def check(pwhash, password):
        calls["check"].append(pwhash.split("$", 1)[0])  # the method and its cost, not the salt
        return real_check(pwhash, password)

    def generate(*args, **kwargs):
        calls["generate"] += 1
        raise AssertionError("no new hash while signing in")

    monkeypatch.setattr(accounts, "check_password_hash", check)
    monkeypatch.setattr(accounts, "generate_password_hash", generate)
    return calls


def test_unknown_e_mail_does_the_same_work_as_a_wrong_password(db, people, monkeypatch):
    accounts.dummy_hash()  # made once per process, before any sign-in is timed
    calls = count_hashing(monkeypatch)
    wrong_password = accounts.authenticate(
        db, people["inspector"].email, "not-the-password", **LIMITS
    )
    assert wrong_password.user is None
    wrong = list(calls["check"])
    calls["check"].clear()
    unknown = accounts.authenticate(db, "nobody@example.test", "not-the-password", **LIMITS)
    assert unknown.user is None and unknown.error == wrong_password.error
    assert calls["check"] == wrong and len(wrong) == 1 and calls["generate"] == 0


def test_a_disabled_account_is_refused_like_an_unknown_one(db, people, monkeypatch):
    people["inspector"].active = False
    db.add(people["inspector"])
    db.commit()
    accounts.dummy_hash()  # made once per process, before any sign-in is counted
    calls = count_hashing(monkeypatch)
    result = accounts.authenticate(db, people["inspector"].email, PASSWORD, **LIMITS)
    assert result.user is None and result.error == "E-mail or password is wrong."
    assert len(calls["check"]) == 1 and calls["generate"] == 0
