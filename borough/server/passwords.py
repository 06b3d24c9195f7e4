"""Passwords of accounts: what is accepted, and how it is kept (Argon2id).

The policy follows the usual advice for passwords people choose themselves: a
minimum length, no composition rules, and a refusal of passwords attackers try
first (a list of common ones, shipped with Borough; see the header of
`data/common-passwords.txt` for where it comes from), the user name itself,
and a common password with digits or signs added at its end ("monkey2024!").

Hashes are Argon2id, by default with argon2-cffi's parameters (RFC 9106's
second recommendation: 64 MiB, 3 passes, 4 lanes; settings `password_memory_kib`
and `password_passes`); a hash made with other parameters is made again at the
next log-in.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

COMMON = Path(__file__).with_name("data") / "common-passwords.txt"
MAX_LENGTH = 256  # characters: longer is no safer, and every byte is hashed


def hasher(memory_kib: int = 65536, passes: int = 3) -> PasswordHasher:
    return PasswordHasher(time_cost=passes, memory_cost=memory_kib, parallelism=4)


@functools.cache
def common() -> frozenset[str]:
    lines = COMMON.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


def problem(password: str, name: str, min_length: int) -> str | None:
    """Why `password` is refused for the account `name`, or None when it is accepted."""
    if len(password) < min_length:
        return f"the password needs at least {min_length} characters"
    if len(password) > MAX_LENGTH:
        return f"the password may have at most {MAX_LENGTH} characters"
    folded = _fold(password)
    if len(set(folded)) <= 2:
        return "the password repeats one or two characters; choose a longer phrase"
    if _fold(name) in folded:
        return "the password contains the user name"
    base = folded.rstrip("0123456789!@#$%^&*()-_=+.,?~ ")
    if folded in common() or (len(base) >= 4 and base in common()):
        return (
            "that password is among the most common ones, which attackers try first; "
            "a few unrelated words make a strong one"
        )
    return None


def hash_password(using: PasswordHasher, password: str) -> str:
    return using.hash(password)


def verify(using: PasswordHasher, stored: str, password: str) -> bool:
    """Whether `password` matches the stored hash; never raises for a wrong one."""
    try:
        return using.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(using: PasswordHasher, stored: str) -> bool:
    try:
        return using.check_needs_rehash(stored)
    except InvalidHashError:
        return True


@functools.cache
def decoy(using: PasswordHasher) -> str:
    """A hash to check unknown user names against, so that a log-in as nobody takes
    as long as a log-in with a wrong password."""
    return using.hash("no account has this password; it only spends the same time")
