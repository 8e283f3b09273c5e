import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { e2eTest, openEditor, until, withWorkspaceSetting } from './harness';

/** Types `keys` one at a time as the keyboard would, waiting after each until the extension has settled. */
async function typeSlowly(editor: vscode.TextEditor, keys: string): Promise<void> {
  for (const key of keys) {
    const before = editor.document.version;
    await vscode.commands.executeCommand('type', { text: key });
    await until(`the key ${JSON.stringify(key)} to land`, () => editor.document.version > before);
    // A composition is a second edit right after the key: give it a moment before the next key.
    await new Promise((r) => setTimeout(r, 200));
  }
}

const INITIAL = '{\n  "note": "",\n  "id": 1\n}\n';

/** The file as the workspace ships it, whatever an earlier test typed into it (saved or not). */
async function freshEditor(): Promise<vscode.TextEditor> {
  const editor = await openEditor('typing.json');
  const doc = editor.document;
  if (doc.getText() !== INITIAL) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), INITIAL);
    await vscode.workspace.applyEdit(edit);
  }
  await doc.save();
  return editor;
}

async function editorInNote(): Promise<vscode.TextEditor> {
  const editor = await freshEditor();
  const line = editor.document.lineAt(1).text;
  const inside = new vscode.Position(1, line.indexOf('""') + 1);
  editor.selection = new vscode.Selection(inside, inside);
  return editor;
}

const noteOf = (doc: vscode.TextDocument) => (JSON.parse(doc.getText()) as { note: string }).note;

e2eTest("Ewe typing: ;d gives ɖ and e;' gives é inside a JSON string, in NFC", async () => {
  const editor = await editorInNote();
  await typeSlowly(editor, ";devi e;' ;o;`");
  const note = await until('the note to hold the composed letters', () => {
    const value = noteOf(editor.document);
    return value === 'ɖevi é ɔ̀' ? value : false;
  });
  assert.equal(note, note.normalize('NFC'));
});

e2eTest('Ewe typing can be switched off, and never composes outside strings', async () => {
  await withWorkspaceSetting('ewebench', 'eweInput.enable', false, async () => {
    const editor = await editorInNote();
    await typeSlowly(editor, ';d');
    assert.equal(noteOf(editor.document), ';d');
  });
  const editor = await freshEditor();
  const end = editor.document.lineAt(2).range.end;
  editor.selection = new vscode.Selection(end, end);
  await typeSlowly(editor, ';d');
  assert.match(editor.document.lineAt(2).text, /;d$/);
});

e2eTest('Ewe typing at 0 ms between keys: ;D;e;n typed back to back gives Ɖɛŋ in a JSON string', async () => {
  const editor = await editorInNote();
  // Every key sent at once, none awaited before the next: the editor refuses each composition whose key was
  // overtaken, and the last key's edit must carry them all.
  await Promise.all([...';D;e;n'].map((key) => vscode.commands.executeCommand('type', { text: key })));
  const note = await until('the note to hold Ɖɛŋ', () => (noteOf(editor.document) === 'Ɖɛŋ' ? 'Ɖɛŋ' : false));
  assert.equal(note, 'Ɖɛŋ');
});
