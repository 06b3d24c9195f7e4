"""The book's worked examples 3 to 9, replayed exactly as told."""

from borough.games.ekopolis import scoring
from borough.games.ekopolis.state import step_now
from tests.games.ekopolis.helpers import (
    CARD,
    GAME,
    LABEL,
    TILE,
    give,
    hexes,
    play_elsewhere,
    top_card,
)


def jane_game(version="basic"):
    state = GAME.setup(4, seed=3, options={"version": version})
    assert state.seats[0].city_hall == LABEL["C3"]
    return state


def test_examples_3_to_6_jane_scores_3_2_2_6():
    """EKO-8 EKO-9 EKO-10 EKO-11 EKO-14: Jane's first four turns."""
    s = jane_game()
    park, coal, pond, preserve = hexes("C4", "B4", "D3", "D4")

    # Example 3: City park next to the City hall: +3 per blue neighbour.
    give(s, 0, TILE["City park"])
    before = s.scores[0]
    GAME.apply(s, 0, ("place", TILE["City park"], park))
    assert s.scores[0] - before == 3
    play_elsewhere(s)

    # Example 4: Coal power plant next to the park only: 6 - 4 = 2, then pollution.
    give(s, 0, TILE["Coal power plant"])
    before = s.scores[0]
    GAME.apply(s, 0, ("place", TILE["Coal power plant"], coal))
    assert step_now(s) == "pollute"
    GAME.apply(s, 0, ("pollute", LABEL["C5"]))
    assert s.scores[0] - before == 2
    play_elsewhere(s)

    # Example 5: Pond next to the City hall and the park: 1 + 1, then a green zone.
    give(s, 0, TILE["Pond"])
    before = s.scores[0]
    GAME.apply(s, 0, ("place", TILE["Pond"], pond))
    assert step_now(s) == "green"
    GAME.apply(s, 0, ("green", LABEL["E4"]))
    assert s.scores[0] - before == 2
    play_elsewhere(s)

    # Example 6: Game preserve next to Pond, park, green zone and pollution:
    # 2 + 2 + 2 - 3 = 3, and its green zone on the endangered space earns 3 more.
    give(s, 0, TILE["Game preserve"])
    before = s.scores[0]
    GAME.apply(s, 0, ("place", TILE["Game preserve"], preserve))
    assert s.scores[0] - before == 3
    assert LABEL["D5"] in GAME.board.endangered
    GAME.apply(s, 0, ("green", LABEL["D5"]))
    assert s.scores[0] - before == 6


def test_example_7_balanced_city_scores_15():
    """EKO-15: 5 blue, 11 green and 12 red Buildings make five triplets."""
    s = GAME.setup(4, seed=1, options={"version": "basic"})
    s.seats[0].built = [12, 11, 5]
    before = s.scores[0]
    scoring.final(GAME.content, s, [])
    assert s.scores[0] - before == 15
    assert all(score == s.scores[0] for score in s.scores)


def test_example_8_home_insulation_gives_2_points():
    """EKO-F2 EKO-C2: the first blue card taken is Home insulation: 2 points."""
    s = jane_game("full")
    hall = GAME.tiles[TILE["Market hall"]]
    give(s, 0, hall.id)
    top_card(s, CARD["Home insulation"])
    placed, _ = scoring.placement(GAME.content, s, hall, LABEL["C4"])
    assert placed == 2  # +2 for the one blue neighbour, the City hall
    events = GAME.apply(s, 0, ("place", hall.id, LABEL["C4"]))
    assert s.seats[0].cards == [CARD["Home insulation"]]
    assert any("Home insulation" in e.text and "+2" in e.text for e in events)
    assert s.scores[0] == placed + 2


def test_example_9_three_red_two_green_two_blue_cards_score_14():
    """EKO-F6: two triplets of Action cards score 7 + 7; the odd red card scores 0."""
    s = jane_game("full")
    now_cards = {colour: [c.id for c in GAME.cards if c.colour == colour and c.timing == "now"]
                 for colour in range(3)}
    mine = now_cards[0][:3] + now_cards[1][:2] + now_cards[2][:2]
    for c in mine:
        s.card_decks[GAME.cards[c].colour].remove(c)
    s.seats[0].cards = list(mine)
    before = s.scores[0]
    scoring.final(GAME.content, s, [])
    assert s.scores[0] - before == 14
