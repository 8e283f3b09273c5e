/**
 * The model the end-to-end runs talk to: the local fake OpenAI server (127.0.0.1 only) answering each test of
 * test/e2e/workspace/tests/run_e2e.json with a fixed response, so the scores are known in advance, and
 * refusing any call without the key the runner puts in the environment. Shared by the extension-host suite
 * and the UI checks of scripts/e2e/run.mjs (bundled by esbuild for both).
 */
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest, type Step } from '../helpers/fakeOpenAI';

export const E2E_KEY_ENV = 'EWEBENCH_E2E_KEY';
/** Not a real key: it only lets the test see that the key from the environment reached the server. */
export const E2E_KEY = 'e2e-local-key-7d41c09b';
export const E2E_MODEL = 'fake-ewe-model';
/** A second model for *Run on all models*: it knows nothing, every answer is `Nyemenya o.` (I don't know). */
export const E2E_MODEL_B = 'fake-ewe-model-b';

/** Prompt → answer; expected scores: pass 1.0, fail 0.0 (multiple choice A for B), partial 5/6 = 0.833. */
const ANSWERS: Record<string, string> = {
  'Do gbe na xɔ̃wò le ŋdi me.': 'Ŋdi nyuie, xɔ̃nye!',
  'Tia ŋuɖoɖo nyuitɔ: A alo B?': 'A',
  'Ŋlɔ nya ɖeka tso aƒe ŋu.': 'Ame si nye fofonye kple dada le dzi gbe.',
};

function lastUserText(request: RecordedRequest): string {
  const messages = (request.body as { messages?: { role?: string; content?: unknown }[] } | null)?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

export function e2eStep(request: RecordedRequest): Step {
  if (request.headers.authorization !== `Bearer ${E2E_KEY}`) return { kind: 'status', status: 401, body: { error: { message: 'missing or wrong key' } } };
  if ((request.body as { model?: unknown } | null)?.model === E2E_MODEL_B) return { kind: 'answer', text: 'Nyemenya o.', model: E2E_MODEL_B, delayMs: 150 };
  const prompt = lastUserText(request);
  // The e2e suite's multiple-choice item, in the framework's prompt: reasoning, then the letter after ####.
  if (prompt.startsWith('Solve the following multiple choice question.') && prompt.includes('Lomé'))
    return { kind: 'answer', text: 'Lomé nye Togo ƒe fiadu. #### A', model: E2E_MODEL, delayMs: 150 };
  // Corpus entries arrive inside the translation template: answered by their source sentence.
  const translation = prompt.includes('Good morning.') ? 'Ŋdi nyuie.' : prompt.includes('Thank you.') ? 'Akpe.' : undefined;
  return { kind: 'answer', text: ANSWERS[prompt] ?? translation ?? 'Nyemenya o.', model: E2E_MODEL, delayMs: 150 };
}

/** `cors`: the origin the server allows (`*` for any), for the browser host's runs through the page's fetch. */
export function startE2eModel(options: { cors?: string } = {}): Promise<FakeOpenAI> {
  return startFakeOpenAI({ fallback: { kind: 'respond', fn: e2eStep }, ...(options.cors === undefined ? {} : { cors: options.cors }) });
}

/** The `ewebench.models` entry pointing at the fake server. */
export function e2eModelSetting(baseUrl: string) {
  return [{ label: 'Fake Ewe model', provider: 'custom', model: E2E_MODEL, baseUrl, apiKeyEnv: E2E_KEY_ENV }];
}
