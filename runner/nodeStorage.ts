import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findUnfinishedRun, journalFile, JournalWriter } from './journal';
import { writeFileAtomic } from './outputs';
import { lockOutputFolder } from './runLock';
import type { RunStorage } from './run/storage';

/**
 * A run's storage on the local disk (the CLI and desktop VS Code): the output folder locked across processes
 * (`runLock.ts`), the journal beside the results, every output written through a temporary file and a rename.
 */
export const nodeRunStorage: RunStorage = {
  lock: (outDir) => lockOutputFolder(outDir),
  join: (dir, name) => path.join(dir, name),
  writeFile: (file, text, inputs) => writeFileAtomic(file, text, { ...(inputs ? { inputs } : {}) }),
  randomHex: (count) => randomBytes(count).toString('hex'),
  journals: {
    file: journalFile,
    exists: (file) => fs.existsSync(file),
    findUnfinished: findUnfinishedRun,
    create: (file, header) => JournalWriter.create(file, header),
    resume: (file, contents) => JournalWriter.resume(file, contents),
  },
};
