"""Each game's player's guide (GUIDE.md) and lobby facts (about.toml): the guide's length,
its shape for a reader, that every rule id it names is a rule of that game, that every
picture can be set up, and that every option has players' words."""

from __future__ import annotations

import re

import pytest

import borough
from borough import guide, rulebook
from borough.web.guide import guide_page

GAMES = borough.games()


@pytest.mark.parametrize("name", GAMES)
def test_a_guide_is_800_to_1500_words(name):
    count = guide.words(guide.guide_text(name))
    assert 800 <= count <= 1500, f"{name}'s guide has {count} words"


def test_words_leave_out_the_pictures_markers():
    text = "One two three.\n\n<!-- figure: players=2 | a caption of many many words -->\n"
    assert guide.words(text) == 3


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_id_a_guide_names_is_a_rule_of_that_game(name):
    named = guide.named_rule_ids(guide.guide_text(name))
    known = set(rulebook.rule_ids(rulebook.rules_text(name)))
    assert len(named) >= 10, f"{name}'s guide points to only {len(named)} rules"
    assert [r for r in named if r not in known] == []


def test_a_rule_id_the_rules_lack_is_caught():
    named = guide.named_rule_ids("Place a tile (RON-16), then RON-999.")
    assert named == ["RON-16", "RON-999"]
    assert "RON-999" not in rulebook.rule_ids(rulebook.rules_text("rondelcity"))


@pytest.mark.parametrize("name", GAMES)
def test_a_guide_says_the_goal_a_turn_the_end_and_the_usual_mistakes(name):
    text = guide.guide_text(name)
    assert re.search(r"^\*\*The goal:\*\* [^\n]+", text, re.M), "the goal, first, in bold"
    headings = [h.lower() for h in re.findall(r"^## (.+)$", text, re.M)]
    assert any("turn" in h or "round" in h for h in headings), headings
    assert any("end" in h for h in headings), headings
    mistakes = next(i for i, h in enumerate(headings) if "get wrong" in h)
    section = re.split(r"^## ", text, flags=re.M)[mistakes + 1]
    items = re.findall(r"^\d+\. ", section, re.M)
    assert 5 <= len(items) <= 10, f"{len(items)} things newcomers get wrong"


@pytest.mark.parametrize("name", GAMES)
def test_every_picture_is_a_position_of_the_game_seen_by_seat_one(name):
    page = guide_page(name)
    game = borough.game(name)
    assert len(page["figures"]) >= 2
    for figure in page["figures"]:
        assert figure["players"] in game.player_counts()
        view = figure["view"]
        assert view["seat"] == 0 and view["legal_actions"] == [] and view["observation"]
        assert figure["caption"] and "<!--" not in figure["caption"]


def test_a_picture_marker_that_is_malformed_is_refused():
    with pytest.raises(ValueError, match="player count"):
        guide.figures("<!-- figure: seed=3 | no players -->")
    with pytest.raises(ValueError, match="key=value"):
        guide.figures("<!-- figure: players=2 colour=red | an unknown setting -->")
    with pytest.raises(ValueError, match="moves"):
        guide.figures("<!-- figure: players=2 moves=100000 | too long to play -->")


def test_in_the_terminal_a_picture_is_its_caption():
    text = "Before.\n\n<!-- figure: players=2 seed=1 | The board at the start -->\n\nAfter."
    shown = guide.for_terminal(text)
    assert "<!--" not in shown and "*[Picture: The board at the start]*" in shown


@pytest.mark.parametrize("name", GAMES)
def test_the_lobby_facts_word_every_option_and_choice(name):
    game = borough.game(name)
    facts = guide.about(name)
    assert facts.goal.endswith(".") and len(facts.goal) <= 140
    assert facts.usual_players in game.player_counts()
    low, high = facts.minutes
    assert 0 < low <= high <= 240
    assert set(facts.options) == set(game.options())
    for option, spec in game.options().items():
        words = facts.options[option]
        assert words["label"]
        assert set(words["choices"]) == {str(c) for c in spec["choices"]}, option
        # players' words, not the option's code name alone
        assert all(len(w) > len(str(c)) for c, w in words["choices"].items()
                   if c not in ("off",)), option
