"""Turn e-mails: an account's e-mail address (verified by a link whose token is
kept as a SHA-256 digest, until it expires) and whether it wants to be told of
its turns; and the seats told of their current turn, so each turn is told once.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_emails",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("verified", sa.Boolean, nullable=False),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=True),
        sa.Column("notify", sa.Boolean, nullable=False),
    )
    op.create_table(
        "turn_mails",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),  # the change that began the turn
    )


def downgrade() -> None:
    op.drop_table("turn_mails")
    op.drop_table("account_emails")
