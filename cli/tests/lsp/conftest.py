"""End-to-end tests of `rfc1738 server` with a real LSP client (pytest-lsp),
with the capabilities of real editors (VS Code, Neovim): the built binary
driven over standard input and output.

Run by .ci/steps/40-editors.sh; by hand, from the repository root:

    pip install -r cli/tests/lsp/requirements.txt
    cargo build -p rfc1738-cli --bin rfc1738
    python -m pytest cli/tests/lsp
"""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[3]
BINARY = os.environ.get("RFC1738_BIN", str(ROOT / "target" / "debug" / "rfc1738"))

# VS Code counts columns in UTF-16 and watches files for the server;
# Neovim 0.11 offers UTF-8 (and the server takes it).
EDITORS = ["visual-studio-code", "neovim@v0.11.0"]


@pytest_lsp.fixture(
    params=EDITORS,
    config=ClientServerConfig(server_command=[BINARY, "server", "--stdio"]),
)
async def client(request, lsp_client: LanguageClient):
    # An editor that lets servers register capabilities keeps them; the
    # test client has no handler of its own.
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    params = types.InitializeParams(capabilities=client_capabilities(request.param))
    result = await lsp_client.initialize_session(params)
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"
    yield
    await lsp_client.shutdown_session()
