"""Settings a deployment gets wrong are named when the app starts, with what to write instead (not a
traceback from a library about a plugin or an int(), and never the database password)."""

from __future__ import annotations

import pytest

from inspector import create_app


def test_a_postgres_url_without_the_driver_says_what_to_write(monkeypatch):
    # The form many hosts hand out; SQLAlchemy answered "Can't load plugin: sqlalchemy.dialects:postgres".
    monkeypatch.delenv("FAIRWATER_DATABASE_URL", raising=False)
    monkeypatch.setenv("DATABASE_URL", "postgres://fairwater:s3cret-pw@db.example:5432/fairwater")
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    words = str(refused.value)
    assert "DATABASE_URL" in words and "postgresql+psycopg://" in words
    assert "s3cret-pw" not in words


def test_a_file_path_as_database_url_says_what_to_write(monkeypatch, tmp_path):
    path = tmp_path / "fairwater.sqlite3"
    monkeypatch.setenv("FAIRWATER_DATABASE_URL", str(path))
    with pytest.raises(RuntimeError) as refused:
        create_app({"TESTING": True})
    assert f"sqlite:///{path}" in str(refused.value)
    assert "FAIRWATER_DATABASE_URL" in str(refused.value)


def test_a_number_setting_that_is_not_a_number_is_named(monkeypatch, tmp_path):
    monkeypatch.setenv("FAIRWATER_SMTP_PORT", "587 ")
    monkeypatch.setenv("FAIRWATER_PHOTO_PROCESSING_SLOTS", "two")
    with pytest.raises(
        RuntimeError, match="FAIRWATER_PHOTO_PROCESSING_SLOTS must be a whole number"
    ):
        create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"})
