import { main } from './main';

// The process entry point (bundled to dist/cli.js); main() itself never touches process state, so tests can call it.
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
