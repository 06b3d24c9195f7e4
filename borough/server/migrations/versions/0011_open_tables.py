"""Open tables: a game whose creator left seats for accounts to take from the
lobby, with its clock (time per move, the bot a seat out of time is handed to,
and the deadline of the turn running now), and who sits where.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "open_tables",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("creator", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("pace", sa.String(8), nullable=False),  # live | turns
        sa.Column("move_seconds", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(40), nullable=False),
        sa.Column("waiting", sa.Boolean, nullable=False),  # a seat is still open
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline_change", sa.Integer, nullable=True),
    )
    op.create_index("ix_open_tables_waiting", "open_tables", ["waiting"])
    op.create_index("ix_open_tables_deadline", "open_tables", ["deadline"])
    op.create_table(
        "table_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("joined", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "account_id", name="uq_table_seats_account"),
    )


def downgrade() -> None:
    op.drop_table("table_seats")
    op.drop_index("ix_open_tables_deadline", "open_tables")
    op.drop_index("ix_open_tables_waiting", "open_tables")
    op.drop_table("open_tables")
