"""Build-time pages of the documentation site, made from the code, never written twice.

MkDocs loads this file as a hook (see `hooks:` in mkdocs.yml). It adds:

- `players/rules/<game>.md`: each game's RULES.md as shipped in its package;
- `players/guides/<game>.md`: each game's GUIDE.md, for the games that have one;
- `reference/http.md`: the server's OpenAPI description, made from the FastAPI app
  at build time and rendered to Markdown;
- `reference/cli.md`: every verb of the `borough` command, from the Typer app;
- `assets/<name>.png`: the training examples' curves, from `examples/results/`;

and puts the game pages in the navigation. In pages, `{{ settings }}` becomes the
table of server settings, and a measurement's rules version written `game@N` is
shown as N, followed by "(now M)" when the game's rules have reached version M since.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import typer
from mkdocs.structure.files import File, Files

import borough
from borough import rulebook
from borough.cli import app

LINK = re.compile(r"\[([^\]]*)\]\((?!https?://|#|mailto:)([^)\s]+)\)")
"""A relative link: in a game's files it names a file of the game's package."""


def _games() -> list[tuple[str, str]]:
    return [(name, borough.game(name).title) for name in borough.games()]


def _package_file(game: str, name: str) -> str | None:
    path = resources.files(rulebook.package_of(game)) / name
    return path.read_text(encoding="utf-8") if path.is_file() else None


def rules_page(game: str, title: str) -> str:
    """RULES.md under its own title, then a note saying where it comes from."""
    heading, _, body = rulebook.rules_text(game).partition("\n")
    version = borough.game(game).rules_version
    note = (f"!!! info \"Rules version {version}\"\n"
            f"    This page is {title}'s `RULES.md` as Borough ships it, read when the "
            f"site is built; `borough rules {game}` shows the same text in a terminal.\n")
    # The pointer to this game's measurements becomes a link on the site.
    body = _code_names(body).replace(
        f"(`docs/measurements/balance/{game}.md`,",
        f"([the measurements of {title}](../../measurements/balance/{game}.md),")
    return f"{heading}\n\n{note}\n{body}"


def _code_names(markdown: str) -> str:
    """The package's files are not pages of the site: a relative link becomes the
    file's name in code type, so the build has no link to nowhere."""
    return LINK.sub(lambda m: f"{m.group(1)} (`{m.group(2)}`)", markdown)


def cli_page() -> str:
    """Every verb of the `borough` command with its arguments, options and examples,
    by Typer's own documentation writer; each verb's examples become a shell block."""
    from typer.cli import get_docs_for_click

    command = typer.main.get_command(app)
    text = get_docs_for_click(obj=command, ctx=typer.Context(command), name="borough",
                              title="Command line")
    intro = ("Generated from the `borough` command when this site is built; every verb's "
             "`--help` shows the same.\n\n")
    heading, _, body = text.partition("\n")
    body = re.sub(r"Examples:\n\n((?:  borough .*\n\n?)+)",
                  lambda m: "**Examples**:\n\n```sh\n" + "\n".join(
                      line.strip() for line in m.group(1).splitlines() if line.strip())
                  + "\n```\n\n", body)
    return f"{heading}\n\n{intro}{body}"


def http_page() -> str:
    from openapidocs.mk.texts import EnglishTexts
    from openapidocs.mk.v3 import OpenAPIV3DocumentationHandler

    from borough.server.app import create_app
    from borough.server.settings import Settings

    schema: dict[str, Any] = create_app(Settings()).openapi()
    schema = json.loads(json.dumps(schema))  # plain JSON types only
    texts = EnglishTexts()
    texts.auto_generated_example_note = "An example made from the schema's types."
    body = OpenAPIV3DocumentationHandler(schema, texts=texts, style="MKDOCS").write()
    return ("# HTTP API\n\n"
            "<!-- generated from the server's OpenAPI description at build time -->\n\n"
            "Made from the running code's OpenAPI description when the site is built; "
            "a running server answers the same description at `/openapi.json` and shows "
            "it to try out at `/api/docs`.\n\n" + body)


def settings_table() -> str:
    """Every server setting with its environment variable, default and the comment
    the code gives it, read from `borough.server.settings.Settings`."""
    import dataclasses
    import inspect

    from borough.server.settings import Settings

    said: dict[str, str] = {}
    above: list[str] = []  # the comment block above a group of fields
    above_open = False
    for line in inspect.getsource(Settings).splitlines():
        comment = re.match(r"\s+#\s?(.*)", line)
        field = re.match(r"\s+(\w+): [^=]+=([^#]*)(?:#\s*(.*))?$", line)
        if comment:
            above = [*above, comment.group(1)] if above_open else [comment.group(1)]
            above_open = True
        elif field:
            above_open = False
            said[field.group(1)] = field.group(3) or " ".join(above)
        else:
            above, above_open = [], False
    rows = ["| setting | environment variable | default | what it is |", "|---|---|---|---|"]
    for f in dataclasses.fields(Settings):
        default = f.default if f.default != "" else '""'
        rows.append(f"| `{f.name}` | `BOROUGH_{f.name.upper()}` | `{default}` | "
                    f"{said.get(f.name, '')} |")
    return "\n".join(rows) + "\n"


RULES_AT = re.compile(r"\| ((?:[a-z]+@\d+)(?:, [a-z]+@\d+)*) \|")
"""A measurement table's rules-version cell as written: `game@version`, one or several."""


def rules_versions(cell: str) -> str:
    """`citycouncil@6` reads "6 (now 13)" while City Council is at version 13, and "6"
    once more while the rules stay there; several games are named by their titles."""
    pairs = [pair.split("@") for pair in cell.split(", ")]
    said = []
    for name, version in pairs:
        now = borough.game(name).rules_version
        text = version if int(version) == now else f"{version} (now {now})"
        said.append(text if len(pairs) == 1 else f"{borough.game(name).title} {text}")
    return ", ".join(said)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """`{{ settings }}` stands for the table of server settings; a rules-version cell
    of a measurement table says whether the game's rules have changed since."""
    markdown = markdown.replace("{{ settings }}", settings_table())
    return RULES_AT.sub(lambda m: f"| {rules_versions(m.group(1))} |", markdown)


def on_config(config: Any) -> Any:
    rules = [{title: f"players/rules/{name}.md"} for name, title in _games()]
    guides = [{title: f"players/guides/{name}.md"} for name, title in _games()
              if _package_file(name, "GUIDE.md") is not None]
    for section in config["nav"]:
        if "Players" in section:
            items = section["Players"]
            if guides:
                items.append({"Guides": guides})
            items.append({"Rules": rules})
    return config


def on_files(files: Files, config: Any) -> Files:
    for name, title in _games():
        files.append(File.generated(config, f"players/rules/{name}.md",
                                    content=rules_page(name, title)))
        guide = _package_file(name, "GUIDE.md")
        if guide is not None:
            files.append(File.generated(config, f"players/guides/{name}.md",
                                        content=_code_names(guide)))
    files.append(File.generated(config, "reference/http.md", content=http_page()))
    files.append(File.generated(config, "reference/cli.md", content=cli_page()))
    results = Path(config["config_file_path"]).parent / "examples" / "results"
    for curve in sorted(results.glob("*.png")):
        files.append(File.generated(config, f"assets/{curve.name}", abs_src_path=str(curve)))
    return files
