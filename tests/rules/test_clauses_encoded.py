"""Clauses encoded with their words: the § 256-4 exclusion, the readings a supervisor can
record otherwise (§ 256-3 extraterritorial option, § 256-7B(5) runoff leaving the site, § 256-7B(1)
dewatering water without particles over 100 µm), and the channel-erosion items of a new catalog version."""

from inspector.rules import checklist
from inspector.rules.applicability import SiteFacts, erosion_regime, ordinance_applies
from inspector.rules.rulebook import default

RB = default()


def codes(items):
    return [item["code"] for item in items]


def test_excluded_uses_are_not_land_disturbing_construction_activity():
    for use in ("agricultural", "gardening", "tree_harvesting", "landscaping"):
        d = ordinance_applies(SiteFacts("land_disturbance", area_acres=40.0, excluded_use=use), RB)
        assert d.applies is False and d.citation == "§ 256-4"
        assert "landscaping modifications" in d.words and "harvesting of trees" in d.words


def test_extraterritorial_site_is_regulated_until_a_supervisor_records_otherwise():
    regulated = ordinance_applies(
        SiteFacts("land_disturbance", area_acres=9.0, extraterritorial=True), RB
    )
    assert regulated.applies is True and "records otherwise" in " ".join(regulated.notes)
    recorded = ordinance_applies(
        SiteFacts(
            "land_disturbance",
            area_acres=9.0,
            extraterritorial=True,
            extraterritorial_exercised=False,
        ),
        RB,
    )
    assert recorded.applies is False and "Ch. 236" in recorded.words


def test_where_runoff_does_not_leave_the_site_the_criteria_a_to_d_do_not_apply():
    regime = erosion_regime(
        SiteFacts(
            "land_disturbance", area_acres=40.0, disturbed_acres=20.0, runoff_leaves_site=False
        ),
        RB,
    )
    assert regime.name == "none" and regime.citation == "§ 256-7B(5)"
    assert "result in runoff leaving the site" in regime.words
    tags = checklist.site_tags(
        regime=regime.name, has_stockpiles=True, has_dewatering=True, project_kind="street_work"
    )
    kept = codes(checklist.items_for(tags, RB, runoff_leaves_site=False))
    for gone in ("DIVERT", "DIVERT-CHANNEL", "SEQUENCE", "PERIMETER", "BASIN", "STOCKPILE"):
        assert gone not in kept
    assert {"DEWATER", "TRACK-STREET", "INLET", "STREET-PILE", "DISCHARGE-CHANNEL"} <= set(kept)


def test_dewatering_water_without_coarse_particles_needs_no_device_but_its_discharge_is_inspected():
    tags = checklist.site_tags(
        regime="perimeter",
        has_stockpiles=False,
        has_dewatering=True,
        project_kind="land_disturbance",
        dewatering_fines_only=True,
    )
    kept = codes(checklist.items_for(tags, RB))
    assert "DEWATER" not in kept and "DISCHARGE-CHANNEL" in kept
    assert "except as determined by the Village" in RB["dewatering_exemption.words"]


def test_channel_erosion_items_are_a_new_catalog_version_with_the_ordinance_words():
    assert RB["checklist.versions"][-1] == RB["checklist.version"] == "2026.12-2"
    divert = RB.checklist_item("DIVERT-CHANNEL")
    assert "will not erode the conveyance and receiving channels" in divert["words"]
    discharge = RB.checklist_item("DISCHARGE-CHANNEL")
    assert "erosion of the site or receiving channels" in discharge["words"]
    assert "erosion along the discharge channel" in discharge["words"]
    everything = RB["checklist.items"]
    old = codes(checklist.in_version(everything, "2026.12-1", RB))
    assert "DIVERT-CHANNEL" not in old and "DISCHARGE-CHANNEL" not in old and "DIVERT" in old
    assert codes(checklist.in_version(everything, "2026.12-2", RB)) == codes(everything)


def test_a_turbid_plume_is_not_a_listed_dewatering_failure():
    item = RB.checklist_item("DEWATER")
    assert not item["failure"].lower().startswith("turbid")
    assert "is not a failure" in item["failure"]
    assert (
        "would not constitute a violation" in RB["dewatering_exemption.visible_particulate_words"]
    )
