"""The actions table becomes the game's change log (moves, take-backs, seat
hand-overs), and bot turns get a queue that server processes claim.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Rows stored before this revision were all moves: a take-back deleted its row.
    op.add_column("actions", sa.Column("kind", sa.String(8), nullable=False,
                                       server_default="move"))
    op.create_table(
        "bot_turns",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),  # the change that made it due
        sa.Column("owner", sa.String(80), nullable=True),  # the server process thinking
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("bot_turns")
    op.drop_column("actions", "kind")
