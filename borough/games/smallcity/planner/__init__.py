"""A scripted player for Small City that follows one plan (the `reference` agent).

It answers "can our content be played to the book's solo scale?" (SC-S6), and
does it in milliseconds per decision, without search. The plan:

- City Hall in the middle of the Constructible Zone; every Cultural building
  beside it and beside the homes (SC-31: a home of level N needs N Cultural
  buildings, City Hall counted), placed where it reaches the most home spaces;
- homes on the spaces the most Cultural buildings influence, built at the
  highest level they may take (SC-26) and upgraded whenever they can (SC-40:
  free, and again and again in one Build phase);
- citizens concentrated: a home of n citizens earns 1 + 2 + ... + n votes
  (SC-66), so a citizen moves from a smaller home into a fuller one, and one
  empty Level-1 home is kept as the door from City Hall to the board (SC-61);
- materials from the City Council's Industry row (SC-82) and from a Factory's
  worker (SC-65), stored in Warehouses; Factories and Warehouses far from the
  homes (SC-32), and an empty Factory space draws a new citizen (SC-62);
- Parks against the pollution the citizens make (SC-68), so that a solo round
  stays under its level's limit (SC-S4) and the final score keeps its votes;
- a Promise the plan keeps on its way (SC-88).

Every decision reads the seat's own borough only (the solo game hides nothing
else from it; at a table it ignores the rivals). Ties are broken by the order
of the legal actions, so a game is reproducible for a seed.
"""

from borough.games.smallcity.planner.player import Planner

__all__ = ["Planner"]
