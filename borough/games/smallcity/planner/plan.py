"""The plan's numbers: the order it builds in, the Council rows it climbs,
and what it counts a material, a dollar or a free home worth."""

# Cultural buildings in the order the plan builds them: cheapest first (SC-38).
CULTURE_ORDER = ("school", "library", "museum", "clinic", "metro", "university")
# At a table the seat generating the most pollution loses a citizen (SC-71)
# unless its Clinic is staffed (SC-72); there is one Clinic for everyone.
TABLE_CULTURE_ORDER = ("school", "clinic", "library", "museum", "university", "metro")
# City Council rows (SC-82 to SC-85): the first disc climbs Industry for the
# Cultural buildings' materials, the second Economy for money.
INDUSTRY, BUILDING, ECONOMY, TOURISM = range(4)
# The row of each council move in turn (the k-th column climbed in all): money
# first, as homes, Factories and Parks are bought early, then the materials.
COUNCIL_PLAN = (ECONOMY, ECONOMY, INDUSTRY, ECONOMY, INDUSTRY, ECONOMY, INDUSTRY, INDUSTRY)
SPARE_MONEY = 3  # dollars kept for the next Build phase before money pays the council
VOTES_FROM = 2  # the round from which the council is paid in votes when they suffice
# How likely the plan keeps each Promise (SC-D2), by card number, as measured
# over 40 solo games of this plan: the card with the best expected worth
# (SC-88) is kept.
KEEP_CHANCE = {1: 0.95, 2: 0.7, 3: 0.95, 4: 0.8, 5: 0.0, 6: 0.95, 7: 0.95, 8: 0.0, 9: 0.95,
               10: 0.95, 11: 0.85, 12: 0.95, 13: 0.0, 14: 0.0, 15: 0.95, 16: 0.25}
WORK_VOTES = 2.5  # a material the next Cultural building lacks, made by a worker (SC-65)
SHOP_VOTES = 1.5  # a $1 Commercial space's dollar (SC-64), in votes
NEED_AHEAD = 2  # Cultural buildings whose materials the plan gathers ahead
DOOR_VOTES = 1.0  # a Level-1 home freed for a citizen waiting in City Hall (SC-61)
MAX_LEVEL = 5  # the highest Residential Zone (SC-31)
FACTORIES = 2  # Factories the plan builds, kept empty as doors for new citizens
STONE = 1  # the material index of stone (data.MATERIALS)
FIRST_FACTORIES = 1  # of them built before the round's homes
