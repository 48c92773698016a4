"""The rulebook is validated at start: a missing or malformed value stops the app naming the key."""

import tomllib

import pytest

from inspector import create_app
from inspector.rules.rulebook import DEFAULT_PATH, RulebookError, load


def write_variant(tmp_path, old: str, new: str):
    text = DEFAULT_PATH.read_text()
    assert old in text
    path = tmp_path / "rules.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_bundled_rulebook_loads_and_every_checklist_item_cites_a_section():
    rb = load()
    assert rb["clocks.plan_review.work_days"] == 10
    for item in rb["checklist.items"]:
        assert item["citation"].startswith("§ 256-")


def test_missing_key_is_named(tmp_path):
    path = write_variant(tmp_path, "work_days = 10\n", "")
    with pytest.raises(RulebookError, match="clocks.plan_review.work_days"):
        load(path)


def test_malformed_value_is_named(tmp_path):
    path = write_variant(tmp_path, "hours = 48\n", 'hours = "two days"\n')
    with pytest.raises(RulebookError, match="clocks.commencement_notice.hours"):
        load(path)


def test_broken_toml_is_reported(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[meta\n")
    with pytest.raises(RulebookError, match="not valid TOML"):
        load(path)


def test_app_refuses_to_start_with_a_bad_rulebook(tmp_path):
    path = write_variant(tmp_path, "days = 180\n", "days = true\n")
    with pytest.raises(RulebookError, match="clocks.permit_validity.days"):
        create_app({"RULEBOOK_PATH": str(path), "DATABASE_URL": f"sqlite:///{tmp_path}/x.db"})


def test_rulebook_is_valid_toml_and_versioned():
    data = tomllib.loads(DEFAULT_PATH.read_text())
    assert data["checklist"]["version"] and data["meta"]["rulebook_version"]
