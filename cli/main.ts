import { processIo, UsageError, type CliIo } from './io';
import { terminalSafeLines } from './format/text';
import * as validate from './commands/validate';
import * as chrf from './commands/chrf';
import * as score from './commands/score';
import * as coverage from './commands/coverage';
import * as runCommand from './commands/run';
import * as audit from './commands/audit';
import * as corpus from './commands/corpus';
import * as review from './commands/review';
import { toLocale } from '../core/i18n/locale';
import { errorText } from '../core/i18n/runMessages';
import * as leaderboard from './commands/leaderboard';
import * as items from './commands/items';
import * as compare from './commands/compare';
import * as bench from './commands/bench';
import * as suite from './commands/suite';

type Command = { run(args: string[], io: CliIo): Promise<number>; usage: string };

/** The subcommands of `ewebench-studio`; each lives in its own module under commands/. */
const COMMANDS: Record<string, Command> = {
  validate,
  chrf,
  score,
  coverage,
  audit,
  run: runCommand,
  corpus,
  review,
  items,
  compare,
  leaderboard,
  bench,
  suite,
};

function usage(): string {
  return ['usage: ewebench-studio <command> [options]', '', 'commands:', ...Object.values(COMMANDS).map((c) => '  ' + c.usage), ''].join('\n');
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? 0 : 2;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(`ewebench-studio: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`ewebench-studio ${name}: ${terminalSafeLines(error.message)}\n  ${command.usage}\n`);
      return 2;
    }
    // An error can quote a file's text or a server's answer: made terminal-safe like every other output.
    // A run's refusal or failure is a sentence of core's run table: said in the language of LANG.
    const message = errorText(error, toLocale((io.env ?? process.env).LANG));
    io.stderr(`ewebench-studio ${name}: ${terminalSafeLines(message)}\n`);
    return 2;
  }
}
