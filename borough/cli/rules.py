"""`borough rules` (a game's rulebook) and `borough coverage` (which rules have tests)."""

from __future__ import annotations

import json
import os
from typing import Annotated, Any

import typer
from rich.console import RenderableType
from rich.markdown import Markdown
from rich.table import Table

import borough
from borough import guide as player_guide
from borough import rulebook
from borough.cli.base import Failure, app, examples, find_game, friendly, out, say


def _contents(game: str, sections: list[rulebook.Section]) -> Table:
    first = sections[1].rule_ids[0] if len(sections) > 1 and sections[1].rule_ids else "ID"
    table = Table(
        title=f"{sections[0].title}\nContents", title_justify="left", caption_justify="left",
        caption=f"One section: borough rules {game} N; one rule: borough rules {game} {first}",
    )
    table.add_column("#", justify="right")
    table.add_column("Section")
    table.add_column("Rules")
    for section in sections[1:]:
        ids = section.rule_ids
        span = "" if not ids else ids[0] if len(ids) == 1 else f"{ids[0]} … {ids[-1]}"
        indent = "  " * max(0, section.level - 2)
        table.add_row(str(section.number), indent + section.title, span)
    return table


def _pick(game: str, text: str, wanted: str) -> list[rulebook.Section] | rulebook.Rule:
    """A rule by id, a section by its number, or the sections whose heading has the words."""
    sections = rulebook.sections(text)
    rule = rulebook.rules(text).get(wanted.upper())
    if rule is not None:
        return rule
    if wanted.isdigit() and 1 <= int(wanted) < len(sections):
        return _with_subsections(sections, int(wanted))
    hits = [s.number for s in sections[1:] if wanted.lower() in s.title.lower()]
    if hits:
        shown = {part.number for n in hits for part in _with_subsections(sections, n)}
        return [sections[n] for n in sorted(shown)]
    raise Failure(
        f"no rule or section {wanted!r} in the rules of {game}; "
        f"`borough rules {game} --toc` lists the sections and their rule ids"
    )


def _with_subsections(sections: list[rulebook.Section], n: int) -> list[rulebook.Section]:
    """Section n and the deeper headings under it (City Council's round and its steps)."""
    end = n + 1
    while end < len(sections) and sections[end].level > sections[n].level:
        end += 1
    return sections[n:end]


def _show(*parts: RenderableType, page: bool) -> None:
    """Print the parts; through a pager when a person reads them at a terminal."""
    if page and out.is_terminal:
        # Let `less` pass the colours through, and quit at once when one screen holds it all.
        os.environ.setdefault("LESS", "-FRX")
        with out.pager(styles=True):
            out.print(*parts)
    else:
        out.print(*parts)


@app.command(
    "rules",
    epilog=examples("rules", "rules smallcity --guide", "rules smallcity --toc",
                    "rules smallcity SC-25", "rules architectura 3",
                    "rules ekopolis scoring --no-pager"),
)
@friendly
def rules_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="A game name (see `games`).")
    ] = None,
    part: Annotated[
        str | None,
        typer.Argument(metavar="PART",
                       help="A rule id (SC-25), a section number from --toc, or a word of a "
                            "section's heading."),
    ] = None,
    toc: Annotated[bool, typer.Option("--toc", help="Only the table of contents.")] = False,
    pager: Annotated[
        bool, typer.Option(help="Page long text at a terminal (off: print it all).")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    show_guide: Annotated[
        bool, typer.Option("--guide", help="The player's guide instead: how to play, in short.")
    ] = False,
) -> None:
    """Show a game's rules as Borough plays them: contents, a section, or one rule by id."""
    if game_name is None:
        if show_guide:
            raise Failure("--guide needs a game: borough rules GAME --guide")
        _list_games(as_json)
        return
    game = find_game(game_name)
    if show_guide:
        _guide(game.name, part, toc, as_json, pager)
        return
    text = rulebook.rules_text(game.name)
    sections = rulebook.sections(text)
    if part is not None:
        found = _pick(game.name, text, part)
        if isinstance(found, rulebook.Rule):
            if as_json:
                print(json.dumps({"game": game.name, "id": found.id,
                                  "section": found.section.title, "text": found.text}))
            else:
                say(f"{sections[0].title} › {found.section.title}")
                _show(Markdown(found.text), page=False)
            return
        if as_json:
            print(json.dumps([_section_json(s) for s in found]))
            return
        shown = "\n\n".join(f"{'#' * s.level} {s.title}\n\n{s.text}" for s in found)
        _show(Markdown(shown), page=pager)
        return
    if as_json:
        print(json.dumps({"game": game.name, "title": sections[0].title,
                          "sections": [_section_json(s) for s in sections]}))
        return
    if toc:
        out.print(_contents(game.name, sections))
        return
    _show(_contents(game.name, sections), Markdown(text), page=pager)


def _guide(game: str, part: str | None, toc: bool, as_json: bool, pager: bool) -> None:
    """The player's guide: its pictures become a line saying what they show."""
    if part is not None or toc:
        raise Failure(f"--guide shows the whole guide; for one rule or section leave it out: "
                      f"borough rules {game} {part or '--toc'}")
    text = player_guide.guide_text(game)
    if as_json:
        print(json.dumps({"game": game, "markdown": text,
                          "about": player_guide.about(game).to_json()}))
        return
    facts = player_guide.about(game)
    low, high = facts.minutes
    _show(Markdown(player_guide.for_terminal(text)),
          Markdown(f"*{low}-{high} minutes, {facts.weight} weight. The full rules: "
                   f"`borough rules {game}`.*"), page=pager)


def _section_json(section: rulebook.Section) -> dict[str, object]:
    return {"number": section.number, "title": section.title, "level": section.level,
            "rules": section.rule_ids, "text": section.text}


def _list_games(as_json: bool) -> None:
    rows: list[dict[str, Any]] = []
    for name in borough.games.names():
        text = rulebook.rules_text(name)
        rows.append({"game": name, "title": rulebook.sections(text)[0].title,
                     "rules": len(rulebook.rule_ids(text))})
    if as_json:
        print(json.dumps(rows))
        return
    table = Table(title="Rules of each game: borough rules GAME [RULE-ID | SECTION]")
    for col in ("Game", "Rulebook", "Rules"):
        table.add_column(col)
    for row in rows:
        table.add_row(row["game"], row["title"], str(row["rules"]))
    out.print(table)


@app.command("coverage", epilog=examples("coverage", "coverage smallcity --json"))
@friendly
def coverage_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game only.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """In a source checkout: which rule ids of each RULES.md are named by a test."""
    from borough.rules_coverage import CHECKOUT, coverage, tests_folder

    tests = tests_folder()
    if tests is None:
        raise Failure(
            "the coverage report reads the tests of a source checkout of Borough, and this "
            f"installation has none (no tests/ beside {CHECKOUT}); "
            "to read the rules themselves, use `borough rules GAME`"
        )
    if game_name is not None:
        find_game(game_name)
    reports = [r for r in coverage(tests) if game_name in (None, r.game)]
    missing_any = any(r.missing for r in reports)
    if as_json:
        print(json.dumps([{"game": r.game, "rules": r.rules, "tested": r.tested,
                           "missing": r.missing} for r in reports]))
    else:
        table = Table(title="Rules coverage: rule ids named by a test")
        for col in ("Game", "Rules", "Tested", "Missing"):
            table.add_column(col)
        for r in reports:
            table.add_row(r.game, str(len(r.rules)), str(len(r.rules) - len(r.missing)),
                          ", ".join(r.missing) or "-")
        out.print(table)
    if missing_any:
        raise typer.Exit(1)
