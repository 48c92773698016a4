"""§ 256-3 / § 256-7A applicability and § 256-7B(5)(c) regimes at their boundaries."""

import pytest

from inspector.rules.applicability import SiteFacts, erosion_regime, ordinance_applies


@pytest.mark.parametrize(
    "kind,area,applies",
    [
        ("land_disturbance", 4.99, False),
        ("land_disturbance", 5.0, True),
        ("land_disturbance", 5.01, True),
        ("building_lot", 4.99, False),
        ("building_lot", 5.0, True),
        ("subdivision_plat", 4.99, False),
        ("subdivision_plat", 5.01, True),
    ],
)
def test_area_thresholds_follow_the_words(kind, area, applies):
    assert ordinance_applies(SiteFacts(kind, area_acres=area)).applies is applies


def test_plat_of_exactly_five_acres_takes_the_protective_reading_and_says_so():
    d = ordinance_applies(SiteFacts("subdivision_plat", area_acres=5.0))
    assert d.applies is True
    assert d.citation == "§ 256-3"
    assert any("over five acres" in n for n in d.notes)


@pytest.mark.parametrize("kind", ["street_work", "underground_pipe"])
@pytest.mark.parametrize("length,applies", [(99.9, False), (100.0, True), (100.1, True)])
def test_length_thresholds(kind, length, applies):
    d = ordinance_applies(SiteFacts(kind, length_ft=length))
    assert d.applies is applies
    assert d.citation.startswith("§ 256-7A")


def test_state_funded_is_exempt_whatever_the_size():
    d = ordinance_applies(SiteFacts("land_disturbance", area_acres=500, state_funded=True))
    assert not d.applies and d.citation == "§ 256-3" and "exempt" in d.words


def test_extraterritorial_is_regulated_with_a_note():
    d = ordinance_applies(SiteFacts("building_lot", area_acres=6, extraterritorial=True))
    assert d.applies and any("extraterritorial" in n for n in d.notes)


def test_unknown_size_is_treated_as_regulated_with_a_note():
    d = ordinance_applies(SiteFacts("street_work"))
    assert d.applies and d.notes


@pytest.mark.parametrize(
    "acres,regime,noted",
    [(9.99, "perimeter", False), (10.0, "basin", True), (10.01, "basin", False)],
)
def test_regime_boundary(acres, regime, noted):
    r = erosion_regime(SiteFacts("land_disturbance", area_acres=40, disturbed_acres=acres))
    assert r.name == regime
    assert any("exactly 10 acres" in n for n in r.notes) is noted


def test_channel_originating_means_basins_even_when_small():
    r = erosion_regime(
        SiteFacts("land_disturbance", area_acres=6, disturbed_acres=2, channel_originates=True)
    )
    assert r.name == "basin" and r.citation == "§ 256-7B(5)(c)[2]"
