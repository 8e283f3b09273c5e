import { processIo, type CliIo } from '../../cli/io';
import { repoRoot } from './paths';

/** A CLI io that records what a command prints. */
export function captureIo(cwd = repoRoot): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    cwd,
    stdout(text: string) {
      io.out += text;
    },
    stderr(text: string) {
      io.err += text;
    },
    readFile: processIo.readFile,
    readBytes: processIo.readBytes,
  };
  return io;
}
