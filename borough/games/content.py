"""A game's designed content as a folder a designer can copy, edit and check.

A content folder holds a copy of the game's `data/*.toml` files and a small
`borough-content.toml` naming the game. Checking compares every file with the
game's own data (the same tables, entries and fields, of the same kinds),
then loads the folder with the game's own loader, which checks the counts
and links the rulebook fixes. Every error names the file, the entry and the
field. The digest names a content exactly: records and reports carry it.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tomllib
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from borough.core.game import Game
from borough.games.registry import REGISTRY, build, own, package

MANIFEST = "borough-content.toml"


class ContentError(ValueError):
    """A content folder that cannot be played; the message names file, entry, field."""


def default_dir(game: str) -> Path:
    if game not in REGISTRY:
        raise ContentError(f"unknown game {game!r}; known games: {', '.join(sorted(REGISTRY))}")
    return Path(import_module(package(game)).__file__ or "").with_name("data")


def data_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.toml") if p.name != MANIFEST)


def digest(folder: Path) -> str:
    """Names the content: a hash of each data file's name and bytes."""
    h = hashlib.sha256()
    for path in data_files(folder):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def digest_of(game: str, folder: str | None) -> str:
    return digest(default_dir(game) if folder is None else Path(folder))


_own: dict[str, str] = {}  # game -> digest of its own data when this process loaded it


def played_digest(game: str, folder: str | None) -> str:
    """The digest of the content a game of this process plays. A process keeps the
    game's own content as it first loaded it, so an edit of the data files during a
    run must not rename the games still played on the old content."""
    if folder is None:
        return _own.get(game) or digest_of(game, None)
    return digest(Path(folder).resolve())


def component_names(game: str, folder: str | None) -> tuple[str, ...]:
    """The designed components a report can name: every named entry of the data
    files (a name of three letters or more), in file order."""
    path = default_dir(game) if folder is None else Path(folder)
    names: dict[str, None] = {}
    for data in data_files(path):
        for table in tomllib.loads(data.read_text()).values():
            if isinstance(table, list):
                for entry in table:
                    name = entry.get("name") if isinstance(entry, dict) else None
                    if isinstance(name, str) and len(name) >= 3:
                        names[name] = None
    return tuple(names)


@cache
def _words(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE)


def named_in(text: str, names: tuple[str, ...]) -> list[str]:
    """The names the text says, in the order given. Longer names are found first
    and taken out of the text, so a name inside another one ("Orchard" in
    "Community orchard", "Airport" in "Airport Terminal") counts only where it
    stands alone."""
    found: set[str] = set()
    for name in sorted(names, key=len, reverse=True):
        text, hits = _words(name).subn("\0", text)
        if hits:
            found.add(name)
    return [n for n in names if n in found]


def export(game: str, target: Path) -> list[Path]:
    """Copy the game's own content into a new (or empty) folder."""
    source = default_dir(game)
    if target.exists() and any(target.iterdir()):
        raise ContentError(f"{target} is not empty; export into a new folder")
    target.mkdir(parents=True, exist_ok=True)
    written = [Path(shutil.copy(path, target / path.name)) for path in data_files(source)]
    (target / MANIFEST).write_text(
        f'# The game this content is for (borough content check reads it).\ngame = "{game}"\n')
    return written


def game_of(folder: Path) -> str:
    manifest = folder / MANIFEST
    if not folder.is_dir():
        raise ContentError(f"{folder} is not a folder")
    try:
        game = tomllib.loads(manifest.read_text()).get("game")
    except FileNotFoundError:
        raise ContentError(f"{manifest} is missing: make content folders with "
                           "`borough content export GAME DIR`") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{manifest}: {exc}") from None
    if game not in REGISTRY:
        raise ContentError(f"{manifest}, field 'game': {game!r} is not a Borough game")
    return str(game)


def check(folder: Path, game: str | None = None) -> str:
    """The folder's game when the folder is sound; else ContentError naming the fault."""
    named = game_of(folder)
    if game is not None and named != game:
        raise ContentError(f"{folder} holds {named} content, not {game}")
    reference = default_dir(named)
    for ref in data_files(reference):
        path = folder / ref.name
        if not path.exists():
            raise ContentError(f"{path} is missing ({named} content needs every file of "
                               f"`borough content export {named}`)")
        try:
            given = tomllib.loads(path.read_text())
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{path.name}: not valid TOML: {exc}") from None
        problem = _compare(tomllib.loads(ref.read_text()), given, [])
        if problem:
            raise ContentError(f"{path.name}, {problem}")
    try:
        _build(named, folder.resolve(), digest(folder))
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise ContentError(f"{folder}: {exc}") from None
    return named


def game_with(game: str, folder: str | None) -> Game:
    """The game playing the given content (its own data when folder is None)."""
    if folder is None:
        if game not in _own:  # read with the game it names, once
            _own[game] = digest_of(game, None)
        return own(game)
    path = Path(folder).resolve()
    return _build(game, path, digest(path))


@cache
def _build(game: str, folder: Path, digest: str) -> Game:
    """The game on a folder's content; the digest keys the cache, so an edited folder
    is read again."""
    built = build(game, folder)
    own_copy = digest == digest_of(game, None)
    # Records made with other content carry its digest, and its title says so wherever
    # the game is listed (the server's lobby too); an unedited copy is the game's own.
    named: Any = built  # the digest and the title are this instance's own
    named.content_digest = None if own_copy else digest
    if not own_copy:
        named.title = f"{built.title} (content {digest})"
    return built


def environment_name(game: str) -> str:
    """The environment variable naming a game's content folder for a whole process tree
    (`serve --content` sets it, so the server's bot processes play the same content)."""
    return f"BOROUGH_CONTENT_{game.upper()}"


# ------------------------------------------------------------ the comparison
_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text",
          list: "a list", dict: "a table"}


def _kind(value: Any) -> type:
    return type(value) if type(value) in _KINDS else object


def _fits(expected: set[type], value: Any) -> bool:
    kind = _kind(value)
    return kind in expected or (kind is int and float in expected)


def _entry(table: str, index: int, entry: Any) -> str:
    if isinstance(entry, dict):
        for key in ("name", "id", "key"):
            if key in entry and not isinstance(entry[key], dict | list):
                return f"{table} {entry[key]!r} (entry {index + 1})"
    return f"{table} entry {index + 1}"


def _compare(ref: Any, given: Any, where: list[str]) -> str | None:
    """The first way `given` departs from the shape of `ref`, in words."""
    place = ", ".join(where) or "top level"
    if isinstance(ref, dict):
        if not isinstance(given, dict):
            return f"{place}: expected a table, got {given!r}"
        for key in ref:
            if key not in given:
                return f"{place}: field {key!r} is missing"
        for key in given:
            if key not in ref:
                return f"{place}: field {key!r} is not one this game reads"
        for key, value in ref.items():
            problem = _compare(value, given[key], [*where, f"field {key!r}"])
            if problem:
                return problem
        return None
    if isinstance(ref, list) and ref and all(isinstance(e, dict) for e in ref):
        return _compare_entries(ref, given, where)
    expected = {_kind(ref)}
    if not _fits(expected, given):
        return f"{place}: expected {_KINDS.get(_kind(ref), 'a value')}, got {given!r}"
    if isinstance(ref, list) and ref and isinstance(given, list):
        kinds = {_kind(e) for e in ref}
        for i, item in enumerate(given):
            if not _fits(kinds, item) and not (isinstance(item, list) and list in kinds):
                wanted = " or ".join(sorted(_KINDS.get(k, "a value") for k in kinds))
                return f"{place}, item {i + 1}: expected {wanted}, got {item!r}"
    return None


def _compare_entries(ref: list[dict[str, Any]], given: Any, where: list[str]) -> str | None:
    table = where[-1].split("'")[1] if where else "entry"
    if not isinstance(given, list) or not all(isinstance(e, dict) for e in given):
        return f"{', '.join(where)}: expected a list of {table} entries"
    kinds: dict[str, set[type]] = {}
    for entry in ref:
        for key, value in entry.items():
            kinds.setdefault(key, set()).add(_kind(value))
    required = {k for k in kinds if all(k in e for e in ref)}
    for i, entry in enumerate(given):
        label = _entry(table, i, entry)
        for key in sorted(required - set(entry)):
            return f"{label}, field {key!r}: missing"
        for key, value in entry.items():
            if key not in kinds:
                return f"{label}, field {key!r}: not a field this game reads"
            if not _fits(kinds[key], value):
                wanted = " or ".join(sorted(_KINDS.get(k, "a value") for k in kinds[key]))
                return f"{label}, field {key!r}: expected {wanted}, got {value!r}"
    return None


def differences(base: Path, other: Path) -> list[str]:
    """What `other` changes from `base`, one line per changed field."""
    lines: list[str] = []
    for ref in data_files(base):
        path = other / ref.name
        a = tomllib.loads(ref.read_text())
        b = tomllib.loads(path.read_text()) if path.exists() else {}
        _diff(a, b, [ref.name], lines)
    return lines


def _diff(a: Any, b: Any, where: list[str], lines: list[str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _diff(a.get(key), b.get(key), [*where, f"field {key!r}"], lines)
    elif (isinstance(a, list) and isinstance(b, list) and a and b
          and all(isinstance(e, dict) for e in a + b)):
        table = where[-1].split("'")[1] if "'" in where[-1] else "entry"
        for i in range(max(len(a), len(b))):
            ea = a[i] if i < len(a) else None
            eb = b[i] if i < len(b) else None
            label = _entry(table, i, eb if eb is not None else ea)
            if ea is None or eb is None:
                lines.append(f"{where[0]}, {label}: {'added' if ea is None else 'removed'}")
            else:
                _diff(ea, eb, [where[0], label], lines)
    elif a != b:
        lines.append(f"{', '.join(where)}: {a!r} → {b!r}")
