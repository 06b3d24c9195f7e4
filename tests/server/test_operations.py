"""The API's operations keep their paths and operation ids (generated clients call
them by id), whichever router module serves them."""

from __future__ import annotations

from borough.server.app import create_app
from borough.server.settings import Settings

OPERATIONS = [
    ("/api/account", "get", "who_api_account_get"),
    ("/api/account/email", "get", "email_api_account_email_get"),
    ("/api/account/email", "post", "set_email_api_account_email_post"),
    ("/api/account/email/notify", "post", "set_notify_api_account_email_notify_post"),
    ("/api/account/email/verify", "get", "verify_api_account_email_verify_get"),
    ("/api/account/login", "post", "log_in_api_account_login_post"),
    ("/api/account/logout", "post", "log_out_api_account_logout_post"),
    ("/api/account/logout-everywhere", "post",
     "log_out_everywhere_api_account_logout_everywhere_post"),
    ("/api/account/password", "post", "change_password_api_account_password_post"),
    ("/api/account/seats", "get", "held_api_account_seats_get"),
    ("/api/account/seats", "post", "claim_api_account_seats_post"),
    ("/api/account/signup", "post", "sign_up_api_account_signup_post"),
    ("/api/content/{game}", "get", "game_content_api_content__game__get"),
    ("/api/games", "get", "lobby_api_games_get"),
    ("/api/games", "post", "create_game_api_games_post"),
    ("/api/games/{game_id}", "get", "spectate_api_games__game_id__get"),
    ("/api/games/{game_id}/actions", "post", "act_api_games__game_id__actions_post"),
    ("/api/games/{game_id}/chat", "get", "chat_log_api_games__game_id__chat_get"),
    ("/api/games/{game_id}/chat", "post", "chat_post_api_games__game_id__chat_post"),
    ("/api/games/{game_id}/chat/spectators", "post",
     "chat_readers_api_games__game_id__chat_spectators_post"),
    ("/api/games/{game_id}/explain", "post", "explain_api_games__game_id__explain_post"),
    ("/api/games/{game_id}/rating", "get", "game_rating_api_games__game_id__rating_get"),
    ("/api/games/{game_id}/record", "get", "record_api_games__game_id__record_get"),
    ("/api/games/{game_id}/replay", "get", "replay_api_games__game_id__replay_get"),
    ("/api/games/{game_id}/review", "get", "game_review_api_games__game_id__review_get"),
    ("/api/games/{game_id}/seats/{seat}/bot", "post",
     "hand_to_bot_api_games__game_id__seats__seat__bot_post"),
    ("/api/games/{game_id}/suggest", "post", "suggest_api_games__game_id__suggest_post"),
    ("/api/games/{game_id}/undo", "post", "undo_api_games__game_id__undo_post"),
    ("/api/games/{game_id}/view", "get", "seat_view_api_games__game_id__view_get"),
    ("/api/guide/{game}", "get", "player_guide_api_guide__game__get"),
    ("/api/leaderboards/{game}", "get", "leaderboard_api_leaderboards__game__get"),
    ("/api/meta", "get", "meta_api_meta_get"),
    ("/api/players/{name}", "get", "profile_api_players__name__get"),
    ("/api/rules/{game}", "get", "rules_api_rules__game__get"),
    ("/api/tables", "get", "listed_api_tables_get"),
    ("/api/tables", "post", "open_table_api_tables_post"),
    ("/api/tables/{game_id}/join", "post", "join_api_tables__game_id__join_post"),
    ("/api/tutorials/{game}", "get", "tutorial_step_api_tutorials__game__get"),
    ("/healthz", "get", "health_healthz_get"),
]


def test_paths_and_operation_ids_stay_as_clients_know_them():
    schema = create_app(Settings.from_env()).openapi()
    found = sorted((path, method, op["operationId"])
                   for path, item in schema["paths"].items() for method, op in item.items())
    assert found == OPERATIONS
