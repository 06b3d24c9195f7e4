"""Game owners (PostgreSQL, several processes): each server process with its
internal address and the last time it said it was alive, the process serving
each game, and the key processes prove to one another that a request was
forwarded by a peer.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "processes",
        sa.Column("name", sa.String(80), primary_key=True),
        sa.Column("url", sa.String(200), nullable=False),  # where peers forward to
        sa.Column("renewed", sa.DateTime(timezone=True), nullable=False, index=True),
    )
    op.create_table(
        "game_owners",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False, index=True),
    )
    op.create_table(
        "cluster_keys",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("cluster_keys")
    op.drop_table("game_owners")
    op.drop_table("processes")
