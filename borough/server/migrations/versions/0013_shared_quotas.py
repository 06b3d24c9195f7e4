"""Quotas counted across server processes on one PostgreSQL database: a token
bucket per (kind, key) kept as the time it is full again, and the live sockets
of every process, which count only while their process renews its heartbeat.
(A single process on SQLite counts in memory and leaves these tables empty.)

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quotas",
        sa.Column("kind", sa.String(16), primary_key=True),  # act, read, login, ...
        sa.Column("key", sa.String(100), primary_key=True),  # a client address, a seat
        # Epoch seconds (the database's clock) when the bucket is full again: taking
        # one request moves it on by 1/rate; it may run at most burst/rate ahead.
        sa.Column("full_at", sa.Float, nullable=False),
        sa.Column("granted", sa.Integer, nullable=False),  # requests the last claim got
    )
    op.create_table(
        "socket_processes",
        sa.Column("process", sa.String(100), primary_key=True),
        sa.Column("heartbeat", sa.Float, nullable=False),  # epoch s, the database's clock
    )
    op.create_table(
        "live_sockets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("process", sa.String(100), nullable=False, index=True),
        sa.Column("address", sa.String(100), nullable=False, index=True),
        sa.Column("game_id", sa.String(32), nullable=False, index=True),
        sa.Column("spectator", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("live_sockets")
    op.drop_table("socket_processes")
    op.drop_table("quotas")
