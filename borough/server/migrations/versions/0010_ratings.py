"""Ratings: each account's OpenSkill rating per game, the games settled (one row
per game, ever: the key that makes a rating update happen exactly once), and
what each rated game did to each account's rating.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("outcome", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(200), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("rated_games.game_id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_account_id", "rating_changes", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account_id", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("rated_games")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
