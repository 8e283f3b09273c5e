import * as vscode from 'vscode';
import type { ChatOutcome, ChatRequest, FailureKind, Usage } from '../../core/run/types';
import type { ChatProvider } from '../../runner/provider';
import type { RunLogger } from '../../runner/log';
import { foldSystemMessages } from './lmMessages';

/** `vscode-lm:<vendor>`: the origin results and cache entries of VS Code chat models are filed under. */
export function lmOrigin(vendor: string): string {
  return `vscode-lm:${vendor}`;
}

/** Finds a VS Code chat model by id, else by family, else by name; the first available when `wanted` is empty. */
export async function selectLmModel(wanted: string): Promise<vscode.LanguageModelChat | undefined> {
  if (!wanted) return (await vscode.lm.selectChatModels())[0];
  const byId = await vscode.lm.selectChatModels({ id: wanted });
  if (byId.length) return byId[0];
  const byFamily = await vscode.lm.selectChatModels({ family: wanted });
  if (byFamily.length) return byFamily[0];
  return (await vscode.lm.selectChatModels()).find((m) => m.name === wanted);
}

const ZERO_USAGE: Usage = { prompt_tokens: 0, completion_tokens: 0, reasoning_tokens: 0, cached_tokens: 0 };

/**
 * A ChatProvider over VS Code's Language Model API: a user with a chat model in the editor runs tests with no
 * key. The API has no system role, so system messages are folded into the first user message (the details
 * view says so). Temperature and max_tokens go as model options, which a vendor may ignore. Token counts come
 * from `countTokens`, the only source this API offers.
 */
export function lmChatProvider(model: vscode.LanguageModelChat, logger: RunLogger): ChatProvider {
  const origin = lmOrigin(model.vendor);
  return {
    origin,
    label: model.name,
    async send(request: ChatRequest, { signal }): Promise<ChatOutcome> {
      const started = performance.now();
      const fail = (kind: FailureKind, error: string): ChatOutcome => {
        const latencyMs = performance.now() - started;
        logger.warn(`LM ${origin}/${model.id} ${kind} · ${Math.round(latencyMs)} ms · ${error}`);
        return { ok: false, kind, error, latencyMs, attempts: 1 };
      };
      if (signal?.aborted) return fail('cancelled', 'cancelled');
      const source = new vscode.CancellationTokenSource();
      const onAbort = () => source.cancel();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const messages = foldSystemMessages(request.messages).map((t) =>
          t.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(t.text) : vscode.LanguageModelChatMessage.User(t.text),
        );
        if (logger.traceEnabled) logger.trace(`request to ${origin}/${model.id}: ${JSON.stringify(request)}`);
        const response = await model.sendRequest(
          messages,
          {
            justification: vscode.l10n.t('ÈwéBench Studio sends the test you run to this model and scores its answer.'),
            modelOptions: { temperature: request.temperature, max_tokens: request.max_tokens },
          },
          source.token,
        );
        let text = '';
        for await (const fragment of response.text) text += fragment;
        if (source.token.isCancellationRequested) return fail('cancelled', 'cancelled');
        const usage = { ...ZERO_USAGE };
        try {
          for (const m of messages) usage.prompt_tokens += await model.countTokens(m, source.token);
          usage.completion_tokens = await model.countTokens(text, source.token);
        } catch {
          // Counting is best effort: some vendors do not implement it.
        }
        const latencyMs = performance.now() - started;
        logger.info(`LM ${origin}/${model.id} ok · ${Math.round(latencyMs)} ms`);
        return { ok: true, text, modelId: model.id, usage, latencyMs, cached: false, attempts: 1 };
      } catch (error) {
        if (source.token.isCancellationRequested || error instanceof vscode.CancellationError) return fail('cancelled', 'cancelled');
        if (error instanceof vscode.LanguageModelError) {
          const why =
            error.code === vscode.LanguageModelError.NoPermissions.name
              ? vscode.l10n.t('no permission to use {0} (consent refused or not yet given)', model.name)
              : error.code === vscode.LanguageModelError.Blocked.name
                ? vscode.l10n.t('{0} blocked the request (quota or policy)', model.name)
                : error.code === vscode.LanguageModelError.NotFound.name
                  ? vscode.l10n.t('{0} is no longer available', model.name)
                  : `${model.name}: ${error.message}`;
          return fail('refused', why);
        }
        return fail('network', `${model.name}: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        signal?.removeEventListener('abort', onAbort);
        source.dispose();
      }
    },
  };
}
