"""Chat between the people of a game, stored with the game: its messages, numbered
1, 2, 3, ... within the game, and the seats that let spectators read them.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),  # 1, 2, 3, ... within the game
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "number"),
    )
    op.create_table(
        "chat_readers",  # a row: the seat lets spectators read the game's chat
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("chat_readers")
    op.drop_table("chat_messages")
