import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fromRepo } from '../helpers/paths';

/** A throwaway project as an editor meets it, for the tests of docs/editors.md's snippets. */
export interface EditorProject {
  /** The temporary folder holding everything (the editor's home, its init file). */
  dir: string;
  /** `PATH` with the server's launcher first, under the name the snippets use (as `npm link` installs it). */
  pathEnv: string;
  /** The project root: a folder with `.git` (a project for Neovim's root search and Emacs's project.el) and `tests/`. */
  root: string;
  /** Writes `root/tests/NAME` and returns its path. */
  addTest(name: string, text: string): string;
  dispose(): void;
}

export function editorProject(prefix: string): EditorProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.symlinkSync(fromRepo('bin', 'ewebench-language-server.js'), path.join(bin, 'ewebench-language-server'));
  const root = path.join(dir, 'project');
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  fs.mkdirSync(path.join(root, 'tests'));
  return {
    dir,
    pathEnv: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    root,
    addTest(name, text) {
      const file = path.join(root, 'tests', name);
      fs.writeFileSync(file, text);
      return file;
    },
    dispose: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
