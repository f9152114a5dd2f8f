"""`rfc1738 server` as editors drive it: diagnostics the same as `rfc1738
lint` finds (positions converted here, in the encoding the server chose),
through changes, code actions, hovers, a configuration file with errors and
unknown methods."""

import asyncio
import json
import pathlib
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound

from conftest import BINARY, ROOT

FIXTURES = ROOT / "cli" / "tests" / "fixtures" / "server"

# How long to wait for the server.
PATIENCE = 30


def units(text, encoding):
    """The length of `text` in the code units of `encoding`."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def position(text, line, column, encoding):
    """The LSP position of a 1-based line and column (in characters)."""
    line_text = text.split("\n")[line - 1]
    return types.Position(line=line - 1, character=units(line_text[: column - 1], encoding))


def offset(text, pos, encoding):
    """The index in `text` (characters) of an LSP position."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: pos.line])
    line_text = lines[pos.line] if pos.line < len(lines) else ""
    count = 0
    for index, char in enumerate(line_text):
        if count >= pos.character:
            return start + index
        count += units(char, encoding)
    return start + len(line_text)


def apply(text, edits, encoding):
    """`text` with LSP text edits applied."""
    spans = sorted(
        ((offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text) for e in edits),
        reverse=True,
    )
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def lint_json(directory, name):
    """`rfc1738 lint --format json NAME`, run in `directory`."""
    run = subprocess.run(
        [BINARY, "lint", "--format", "json", name],
        cwd=directory,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


async def published(client, uri, trigger=None):
    """The diagnostics published for `uri` after `trigger()`: the client
    keeps the last of each document; they are forgotten first. Without a
    trigger, those published since they were last forgotten."""
    if trigger is not None:
        client.diagnostics.pop(uri, None)
        trigger()
    deadline = asyncio.get_running_loop().time() + PATIENCE
    while uri not in client.diagnostics:
        assert asyncio.get_running_loop().time() < deadline, f"no diagnostics for {uri}"
        await asyncio.sleep(0.005)
    return list(client.diagnostics[uri])


async def open_document(client, path, text, language="plaintext"):
    uri = path.as_uri()
    item = types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
    params = types.DidOpenTextDocumentParams(text_document=item)
    return uri, await published(client, uri, lambda: client.text_document_did_open(params))


async def change_document(client, uri, version, edits):
    """Sends `edits` as incremental changes; the diagnostics that follow."""
    params = types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in edits],
    )
    return await published(client, uri, lambda: client.text_document_did_change(params))


def summary(diagnostics):
    return sorted(
        (d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.code, d.message)
        for d in diagnostics
    )


@pytest.mark.parametrize(
    "name,language",
    [
        ("docs/notes.md", "markdown"),
        ("docs/page.html", "html"),
        ("docs/rfc.txt", "plaintext"),
        ("src/main.rs", "rust"),
    ],
)
async def test_diagnostics_are_the_findings_of_lint(client, name, language):
    path = FIXTURES / name
    text = path.read_text(encoding="utf-8")
    _, diagnostics = await open_document(client, path, text, language)
    expected = []
    for finding in lint_json(FIXTURES, name):
        start = position(text, finding["line"], finding["column"], client.encoding)
        end = position(text, finding["end_line"], finding["end_column"], client.encoding)
        expected.append((start.line, start.character, end.line, end.character, finding["code"], finding["message"]))
    assert expected
    assert summary(diagnostics) == sorted(expected)
    for diagnostic in diagnostics:
        assert diagnostic.source == "rfc1738"


async def test_changes_move_findings_and_fixes_remove_them(client, tmp_path):
    text = "Café ☕ <URL:http://a.example/x~\n   y/>\n"
    uri, diagnostics = await open_document(client, tmp_path / "notes.txt", text)
    assert [(d.code, d.range.start.line) for d in diagnostics] == [("U003", 0)]
    tilde = diagnostics[0]
    # The ~ after two characters beyond ASCII: where the encoding puts it.
    assert tilde.range.start.character == units("Café ☕ <URL:http://a.example/x", client.encoding)
    top = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
    moved = await change_document(client, uri, 2, [types.TextEdit(range=top, new_text="Title\n\n")])
    assert [(d.code, d.range.start.line) for d in moved] == [("U003", 2)]
    text = "Title\n\n" + text
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=moved[0].range,
                context=types.CodeActionContext(diagnostics=moved),
            )
        ),
        PATIENCE,
    )
    fix = next(a for a in actions if a.title.startswith("Fix U003"))
    assert fix.kind == types.CodeActionKind.QuickFix
    assert fix.diagnostics and fix.diagnostics[0].code == "U003"
    edits = fix.edit.changes[uri]
    assert apply(text, edits, client.encoding) == text.replace("~", "%7E")
    assert await change_document(client, uri, 3, edits) == []


async def test_fix_all_and_ignore_comments_leave_no_finding(client, tmp_path):
    text = "# Links\n\nAn autolink <HTTP://b.example/~x> and [r][ref].\n\n[ref]: FTP://c.example/f;type=A\n"
    path = tmp_path / "links.md"
    uri, diagnostics = await open_document(client, path, text, "markdown")
    assert sorted(d.code for d in diagnostics) == ["U003", "U005", "U005", "U007"]
    everything = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=9, character=0))
    fix_all = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=everything,
                context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll]),
            )
        ),
        PATIENCE,
    )
    assert [a.title for a in fix_all] == ["Fix all rfc1738 findings"]
    fixed = apply(text, fix_all[0].edit.changes[uri], client.encoding)
    # What `rfc1738 lint --fix` writes.
    path.write_text(text, encoding="utf-8")
    subprocess.run([BINARY, "lint", "--fix", "--quiet", path.name], cwd=tmp_path, check=False)
    assert fixed == path.read_text(encoding="utf-8")
    # Each finding ignored by a comment, one after the other.
    version = 1
    while diagnostics:
        actions = await asyncio.wait_for(
            client.text_document_code_action_async(
                types.CodeActionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    range=diagnostics[0].range,
                    context=types.CodeActionContext(diagnostics=diagnostics[:1]),
                )
            ),
            PATIENCE,
        )
        ignore = next(a for a in actions if a.title.startswith("Ignore " + diagnostics[0].code))
        edits = ignore.edit.changes[uri]
        text = apply(text, edits, client.encoding)
        version += 1
        diagnostics = await change_document(client, uri, version, edits)
        assert version < 10, diagnostics
    assert "<!-- rfc1738-ignore-next-line: U005, U007 -->\n[ref]: FTP" in text
    assert "[r][ref]. <!-- rfc1738-ignore: U" in text


async def test_hovers_describe_urls_and_explain_findings(client, tmp_path):
    url = "ftp://ftp.isi.edu/in-notes/rfc1738.txt;type=a"
    bad = "http://user@h.example/"
    uri, diagnostics = await open_document(client, tmp_path / "h.txt", f"ñ {url}\n{bad}\n")
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=0, character=units("ñ ftp://ftp", client.encoding)),
            )
        ),
        PATIENCE,
    )
    described = subprocess.run([BINARY, "describe", url], capture_output=True, text=True, check=True).stdout
    assert described in hover.contents.value
    assert hover.range.start.character == units("ñ ", client.encoding)
    on_finding = diagnostics[0]
    assert on_finding.code == "U002"
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=on_finding.range.start)
        ),
        PATIENCE,
    )
    explained = subprocess.run([BINARY, "explain", "U002"], capture_output=True, text=True, check=True).stdout
    assert explained.strip() in hover.contents.value
    assert "does not match" not in hover.contents.value  # the generic form matches url
    assert f"{bad}: matches url" in hover.contents.value


async def test_a_configuration_with_errors_is_a_diagnostic_until_fixed(client, tmp_path):
    config = tmp_path / "rfc1738.toml"
    config.write_text('ignore = ["U003"]\nlevel = "loud"\n', encoding="utf-8")
    client.diagnostics.pop(config.as_uri(), None)
    uri, diagnostics = await open_document(client, tmp_path / "a.txt", "http://a.example/~b\n")
    assert len(diagnostics) == 1 and diagnostics[0].message.startswith("not linted: ")
    # Published after the document's.
    on_config = await published(client, config.as_uri())
    assert [(d.range.start.line, d.range.start.character, d.message) for d in on_config] == [
        (1, 8, 'level "loud" is not info, warning or error')
    ]
    config.write_text('ignore = ["U003"]\nlevel = "error"\n', encoding="utf-8")
    client.diagnostics.pop(config.as_uri(), None)
    params = types.DidChangeWatchedFilesParams(
        changes=[types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]
    )
    # U003 is ignored by the configuration, now read; its error is gone.
    assert await published(client, uri, lambda: client.workspace_did_change_watched_files(params)) == []
    assert await published(client, config.as_uri()) == []


async def test_unknown_methods_are_errors(client):
    with pytest.raises(JsonRpcMethodNotFound):
        await asyncio.wait_for(client.protocol.send_request_async("rfc1738/nothing", {}), PATIENCE)
