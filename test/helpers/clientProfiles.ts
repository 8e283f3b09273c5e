import type { ClientCapabilities } from 'vscode-languageserver-protocol/node';

/** The capabilities that matter to our server, as VS Code's client (vscode-languageclient 9+) announces them. */
export const VSCODE_CLIENT: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true, dataSupport: true },
  },
  workspace: { didChangeConfiguration: { dynamicRegistration: true }, didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } },
};

/** A bare client (an older Neovim without a snippet engine, a hand-written JSON-RPC client): no snippets, no `data`, no dynamic registration. */
export const MINIMAL_CLIENT: ClientCapabilities = {
  textDocument: { completion: { completionItem: {} }, publishDiagnostics: { relatedInformation: true } },
  workspace: {},
};

/** A client that counts positions in UTF-8 bytes (Neovim, Helix and Zed offer it); it does not send `data` back either. */
export const UTF8_CLIENT: ClientCapabilities = {
  general: { positionEncodings: ['utf-8', 'utf-16'] },
  textDocument: {
    completion: { completionItem: { snippetSupport: true } },
    publishDiagnostics: { relatedInformation: true },
  },
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true } },
};
