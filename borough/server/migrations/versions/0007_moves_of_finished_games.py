"""Each game row keeps its move count once the game is over, for the lobby.

The lobby summed every stored change of every game on each call; the count is
now written once, in the change that ends the game, and the newest games are
found through an index.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("moves", sa.Integer, nullable=True))
    op.execute(
        "UPDATE games SET moves = (SELECT coalesce(sum(CASE kind WHEN 'move' THEN 1 "
        "WHEN 'undo' THEN -1 ELSE 0 END), 0) FROM actions WHERE actions.game_id = games.id) "
        "WHERE status = 'over'")
    op.create_index("ix_games_created", "games", ["created"])


def downgrade() -> None:
    op.drop_index("ix_games_created", "games")
    op.drop_column("games", "moves")
