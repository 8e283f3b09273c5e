import * as fs from 'node:fs';
import * as path from 'node:path';
import { OutputWriteError } from './run/storage';

export { OutputWriteError } from './run/storage';
export { runCardFileName } from './run/outputFiles';

/**
 * Writes a file through a temporary name and a rename: a reader sees the old file or the new, never half. On
 * any failure the temporary file is removed (a full disk leaves no `.tmp` behind) and an `OutputWriteError`
 * names the file. `write` is the file write itself (a test injects one that fails halfway).
 */
export function writeFileAtomic(file: string, text: string, write: (file: string, text: string) => void = (f, t) => fs.writeFileSync(f, t)): void {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    write(temp, text);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new OutputWriteError(file, (error as NodeJS.ErrnoException).code, { cause: error });
  }
}
