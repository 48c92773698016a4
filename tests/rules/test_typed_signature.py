"""A typed signature ({"typed": name}) is accepted only as the signer's own name, whatever its case
and spacing; a blank one is no signature; a drawing is checked as before."""

from __future__ import annotations

from inspector.rules import signatures

DRAWN = {"width": 600, "height": 200, "strokes": [[[1, 2, 0], [3, 4, 16]]]}


def test_the_signers_own_name_typed_is_a_signature():
    assert signatures.clean({"typed": "Jane Q. Inspector"}, "Jane Q. Inspector") == (
        {"typed": "Jane Q. Inspector"},
        None,
    )
    # Case and runs of white space aside.
    kept, why = signatures.clean({"typed": "  jane   q.  INSPECTOR "}, "Jane Q. Inspector")
    assert why is None and kept == {"typed": "  jane   q.  INSPECTOR "}  # as sent: it is hashed


def test_another_name_is_refused_naming_the_one_expected():
    assert signatures.clean({"typed": "Jane Inspector"}, "Jane Q. Inspector") == (
        None,
        "Type your name as it is on your account: Jane Q. Inspector",
    )
    assert signatures.clean({"typed": "Jane Q. Inspector"}, None)[1].startswith(
        "Type your name as it is on your account"
    )


def test_a_blank_typed_name_is_no_signature():
    assert signatures.clean({"typed": "   "}, "Jane Q. Inspector") == (None, signatures.MISSING)
    assert signatures.clean({"typed": ""}, "Jane Q. Inspector") == (None, signatures.MISSING)


def test_a_typed_signature_of_another_shape_is_refused():
    for bad in ({"typed": 5}, {"typed": "Jane", "width": 3}, {"typed": "x" * 201}):
        assert signatures.clean(bad, "Jane")[1] == signatures.MALFORMED, bad


def test_a_drawing_is_checked_as_before_whatever_the_name():
    assert signatures.clean(DRAWN) == (DRAWN, None)
    assert signatures.clean(DRAWN, "Someone") == (DRAWN, None)
    assert signatures.typed_name(DRAWN) is None
    assert signatures.typed_name({"typed": " Jane  Q. "}) == "Jane Q."
