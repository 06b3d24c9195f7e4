"""Each kind of refusal the rules give answers one HTTP status, in one table."""

from __future__ import annotations

import pytest

from borough.core.errors import IllegalAction, RefusalCode
from borough.server.refusal import RULES_STATUS, by_rules

EXPECTED = {
    RefusalCode.OVER: (409, "the game is over"),
    RefusalCode.SEAT: (403, "There is no seat 9 in this game."),
    RefusalCode.TURN: (403, "it is not Ada's turn"),
    RefusalCode.FORM: (422, "There is no seat 9 in this game."),
    RefusalCode.RULE: (422, "There is no seat 9 in this game."),
}


def test_every_code_has_a_status():
    assert set(RULES_STATUS) == set(RefusalCode)


@pytest.mark.parametrize("code", list(RefusalCode))
def test_each_code_maps_to_its_status_and_sentence(code):
    exc = IllegalAction("There is no seat 9 in this game.", code)
    assert by_rules(exc, "Ada", exc.reason) == EXPECTED[code]


def test_a_refusal_without_a_code_is_the_rules_own():
    exc = IllegalAction("Not now.")
    assert exc.code is RefusalCode.RULE
    assert by_rules(exc, "Ada", "Not now, Ada.") == (422, "Not now, Ada.")
