"""A note that explains one of the app's configurable defaults names the figure, not a copy of it: a
Village that changes the figure in its rulebook gets the sentence that explains the new one."""

import pytest

from inspector.rules.rulebook import DEFAULT_PATH, RulebookError, load

AMENDED = [  # (line in fairwater.toml, its replacement)
    ("deadline_hours = 24\n", "deadline_hours = 12\n"),
    ("window_hours = 24\n", "window_hours = 18\n"),
    ("rain_threshold_in = 0.5\n", "rain_threshold_in = 0.75\n"),
    ("reminder_days = 14\n", "reminder_days = 21\n"),
    ("[clocks.repair]\nhours = 24\n", "[clocks.repair]\nhours = 36\n"),
    ('workday_end = "17:00"', 'workday_end = "16:30"'),
    ("repeat_critical_failures = 2 ", "repeat_critical_failures = 3 "),
    ("overdue_findings = 1 ", "overdue_findings = 2 "),
    ("max_daily_in = 15.0\n", "max_daily_in = 14.0\n"),
    ("same_reading_minutes = 60\n", "same_reading_minutes = 45\n"),
    ("threshold_acres = 10.0\n", "threshold_acres = 12.0\n"),
    ("[clocks.extension]\nmax_days = 180\n", "[clocks.extension]\nmax_days = 120\n"),
    ("default_water_temp_c = 10.0\n", "default_water_temp_c = 9.0\n"),
    ("examples_water_temp_c = 11.0\n", "examples_water_temp_c = 12.0\n"),
    ("setback_ft = 15\n", "setback_ft = 20\n"),
]


def amended(tmp_path, changes=AMENDED):
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "amended.toml"
    path.write_text(text, encoding="utf-8")
    return load(path)


def test_the_notes_state_the_figures_the_rulebook_sets(tmp_path):
    rb = amended(tmp_path)
    post_rain = rb["clocks.post_rain_inspection"]
    assert "the State permit's 12 hours as a configurable default" in post_rain["silent_note"]
    each = post_rain["each_rain_note"]
    assert "within one 18-hour window" in each and "inspect within 12 hours" in each
    assert "reading of 0.75 inch or more" in each and "24" not in each and "0.5 " not in each
    assert "e-mails the permittee 21 days before" in rb["clocks.permit_validity.reminder_note"]
    assert "The app uses 36 hours" in rb["clocks.repair.silent_note"]
    assert "The app uses 16:30 local time" in rb["clocks.street_sediment.silent_note"]
    assert "fails at 3 consecutive" in rb["stop_work.rules.repeat_critical_failures.note"]
    assert "as soon as 2 or more" in rb["stop_work.rules.overdue_findings.note"]
    assert rb["stop_work.rules.post_rain_inspection_missed.label"].endswith(
        "a rain of 0.75 inch or more"
    )
    assert rb["rain.max_daily_note"].startswith("Readings over 14 inches in a day")
    assert "less than 45 minutes apart" in rb["rain.manual_period_note"]
    assert rb["regime.exactly_threshold_note"].startswith("At exactly 12 acres disturbed")
    assert "the protective reading: 120 days in all" in rb["clocks.extension.reading_note"]
    calculators = rb["calculators"]
    assert calculators["default_water_temp_note"].startswith("9 °C is typical")
    assert "so 12 °C is this calculator's design basis" in calculators["dewatering"]["basis_note"]
    assert "design basis of 12 °C" in calculators["dewatering"]["examples_note"]
    assert "the 20-foot setback of" in calculators["stockpile"]["street_pile_note"]


def test_the_bundled_rulebook_reads_as_before_with_no_braces_left():
    rb = load()
    assert "the State permit's 24 hours" in rb["clocks.post_rain_inspection.silent_note"]
    assert rb["stop_work.rules.weekly_inspection_missed.label"] == (
        "No inspection for more than 7 days"
    )
    assert rb["rain.max_daily_note"].startswith("Readings over 15 inches")  # 15.0, not "15.0"

    def texts(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for value in node.values():
                yield from texts(value)
        elif isinstance(node, list):
            for value in node:
                yield from texts(value)

    assert not [t for t in texts(rb.data) if "{" in t or "}" in t]


def test_a_note_naming_no_figure_stops_the_app_naming_the_note(tmp_path):
    with pytest.raises(RulebookError, match=r"clocks\.repair\.silent_note.*\{repair_hours\}"):
        amended(tmp_path, [("The app uses {hours} hours", "The app uses {repair_hours} hours")])
    with pytest.raises(RulebookError, match=r"\{calendar\.holidays\}, which is not a figure"):
        amended(
            tmp_path, [("The app uses {hours} hours", "The app uses {calendar.holidays} hours")]
        )
