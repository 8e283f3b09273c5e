/**
 * The runner's entry points the editor needs only once a run starts, for both builds: the run itself (without
 * storage: the build gives its own) and the provider. The build bundles this module on its own for the browser
 * platform (dist/lazyRunner.js, no Node built-in) and the client loads it on the first run, so activation never
 * parses the OpenAI SDK.
 */
export { executeRunWith } from '../../runner/run/execute';
export { openAICompatibleProvider } from '../../runner/provider';
