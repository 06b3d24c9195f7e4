"""Suggestions asked per seat, counted in the database so that every server
process sharing it counts the same asks, with the last answer kept for asking
again about the same decision.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hint_asks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),  # the seat's bucket
        sa.Column("at", sa.Float, nullable=False),  # when it was last counted (epoch s)
        sa.Column("version", sa.Integer, nullable=False),  # the view version last answered
        sa.Column("answer", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("hint_asks")
