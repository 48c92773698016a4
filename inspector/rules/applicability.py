"""Does Chapter 256 apply to a site, and which site erosion-control regime? (§ 256-3, § 256-4,
§ 256-7A, § 256-7B(5))

Pure functions: facts in, a decision with the ordinance's words and citation out. Where the ordinance
does not decide a case, the decision carries a note and takes the protective reading.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rulebook import Rulebook, default


@dataclass(frozen=True)
class SiteFacts:
    project_kind: str
    area_acres: float | None = None
    length_ft: float | None = None
    disturbed_acres: float | None = None
    channel_originates: bool = False
    state_funded: bool = False
    extraterritorial: bool = False
    excluded_use: str | None = None  # § 256-4 (models.sites.EXCLUDED_USES)
    extraterritorial_exercised: bool = True  # as a supervisor recorded it (protective default)
    runoff_leaves_site: bool = True  # as a supervisor recorded it (protective default)


@dataclass(frozen=True)
class Decision:
    applies: bool
    citation: str
    words: str
    reason: str
    notes: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Regime:
    name: str  # "perimeter" | "basin"
    citation: str
    words: str
    notes: tuple[str, ...] = field(default_factory=tuple)


def compare(value: float, threshold: float, comparison: str) -> bool:
    """The ordinance's words as comparisons: "or more", "over"/"more than", "less than"."""
    if comparison == "at_least":
        return value >= threshold
    if comparison == "over":
        return value > threshold
    if comparison == "under":
        return value < threshold
    raise ValueError(f"unknown comparison {comparison!r}")


def threshold_words(threshold: float, unit: str, comparison: str) -> str:
    """The threshold as the ordinance says it: "5 acres or more", "over 5 acres", "less than 10 acres"."""
    if comparison == "at_least":
        return f"{threshold:g} {unit} or more"
    if comparison == "over":
        return f"over {threshold:g} {unit}"
    return f"less than {threshold:g} {unit}"


def ordinance_applies(facts: SiteFacts, rb: Rulebook | None = None) -> Decision:
    rb = rb or default()
    kinds = rb["applicability.kinds"]
    if facts.project_kind not in kinds:
        raise ValueError(f"unknown project kind {facts.project_kind!r}")
    if facts.state_funded and rb["applicability.exempt_state_funded"]:
        return Decision(
            False,
            rb["applicability.exempt_citation"],
            rb["applicability.exempt_words"],
            "State funded or conducted construction is exempt.",
        )
    if facts.excluded_use:
        use = rb[f"excluded_uses.{facts.excluded_use}"]
        return Decision(
            False,
            rb["excluded_uses.citation"],
            rb["excluded_uses.words"],
            f"{use}: not land disturbing construction activity.",
            (rb["excluded_uses.note"],),
        )
    kind = kinds[facts.project_kind]
    notes: list[str] = []
    if facts.extraterritorial and not facts.extraterritorial_exercised:
        return Decision(
            False,
            rb["applicability.extraterritorial_citation"],
            rb["applicability.extraterritorial_words"],
            "Extraterritorial site: the Village does not exercise its option here.",
            (rb["applicability.extraterritorial_recorded_note"],),
        )
    if facts.extraterritorial:
        notes.append(rb["applicability.extraterritorial_silent_note"])
    value = getattr(facts, kind["measure"])
    unit = kind["unit"]
    if value is None:
        notes.append(
            f"The {unit} figure is not recorded; the app treats the site as regulated until it is entered (protective reading)."
        )
        return Decision(
            True,
            kind["citation"],
            kind["words"],
            f"{kind['label']}: size not recorded.",
            tuple(notes),
        )
    threshold = kind["threshold"]
    if compare(value, threshold, kind["comparison"]):
        reason = f"{kind['label']} of {value:g} {unit}: {threshold_words(threshold, unit, kind['comparison'])} is regulated."
        if kind.get("silent_note"):
            notes.append(kind["silent_note"])
        return Decision(True, kind["citation"], kind["words"], reason, tuple(notes))
    # A second clause may cover the boundary the first leaves out (plats at exactly five acres).
    if "boundary_citation" in kind and value == threshold:
        notes.append(kind["boundary_note"])
        reason = (
            f"{kind['label']} of exactly {value:g} {unit}: the ordinance's two clauses disagree."
        )
        return Decision(
            True, kind["boundary_citation"], kind["boundary_words"], reason, tuple(notes)
        )
    reason = (
        f"{kind['label']} of {value:g} {unit}: only {threshold_words(threshold, unit, kind['comparison'])} "
        "is regulated."
    )
    return Decision(False, kind["citation"], kind["words"], reason, tuple(notes))


def erosion_regime(facts: SiteFacts, rb: Rulebook | None = None) -> Regime:
    """§ 256-7B(5)(c): perimeter controls below 10 acres disturbed; basins above, or with a channel."""
    rb = rb or default()
    if not facts.runoff_leaves_site:
        return Regime(
            "none",
            rb["regime.runoff_citation"],
            rb["regime.runoff_words"],
            (rb["regime.runoff_recorded_note"],),
        )
    limit = rb["regime.threshold_acres"]
    notes = [rb["regime.runoff_note"]]
    basin = Regime("basin", rb["regime.basin_citation"], rb["regime.basin_words"])
    if facts.channel_originates:
        return Regime(
            "basin",
            basin.citation,
            basin.words,
            ("A channel originates in the disturbed area.", *notes),
        )
    if facts.disturbed_acres is None:
        return Regime(
            "basin", basin.citation, basin.words, (rb["regime.unknown_disturbed_note"], *notes)
        )
    if facts.disturbed_acres < limit:
        return Regime(
            "perimeter", rb["regime.perimeter_citation"], rb["regime.perimeter_words"], tuple(notes)
        )
    if facts.disturbed_acres > limit:
        return Regime("basin", basin.citation, basin.words, tuple(notes))
    return Regime(
        "basin", basin.citation, basin.words, (rb["regime.exactly_threshold_note"], *notes)
    )
