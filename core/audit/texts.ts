/**
 * Per-language texts that answer nothing, written for this project (not taken from any test set). Each fluent
 * text is ordinary, grammatical prose in one register that carries the harness's Ewe-quality signals (special
 * letters, several of its common words, a full stop, more than 20 characters) but says nothing about any
 * question. The refusal declines politely. Keyed by the first code of a language profile (core/coverage/profiles).
 */
export interface FluentText {
  /** The register, as the baselines table names it. */
  register: 'greeting' | 'formal' | 'story' | 'list';
  text: string;
}

export interface LanguageTexts {
  fluent: readonly FluentText[];
  refusal: string;
}

export const LANGUAGE_TEXTS: Readonly<Record<string, LanguageTexts>> = {
  ee: {
    fluent: [
      {
        register: 'greeting',
        text: 'Woezɔ, xɔ̃nye! Mele dzidzɔ kpɔm be mía kple wò míele nu ƒom egbe. Nya sia nyo ŋutɔ, eye ame sia ame ate ŋu akpɔ viɖe aɖe le eme.',
      },
      {
        register: 'formal',
        text: 'Le nyateƒe me la, esia nye nya vevi aɖe na ame sia ame si le Eʋenyigba dzi. Míeda akpe na mi katã be mieɖo to kple dzi blewu, eye míeɖo be míagadze egɔme ɖe eya ŋu ake.',
      },
      {
        register: 'story',
        text: 'Gbe ɖeka la, ŋutsu aɖe kple srɔ̃a woɖo ta asi me. Wokpɔ ame geɖewo le afi ma, eye wonɔ nu ƒom dzidzɔtɔe hafi trɔ va aƒe me le fiẽ me.',
      },
      {
        register: 'list',
        text: '## Nya vevi aɖewo\n\n- **Woezɔ** na mí katã.\n- Ame sia ame le dzidzɔ kpɔm egbe.\n- Esia nye gbe nyui aɖe kple nunya ƒe nya.',
      },
    ],
    refusal: 'Taflatse, nyemate ŋu aɖo biabia sia ŋu o. Meɖe kuku, bia nya bubu.',
  },
};

/** A French answer that says nothing: what a model replying in the wrong language sends. */
export const FRENCH_NON_ANSWER =
  'Je vous remercie pour cette question. Voici une réponse générale : le sujet est intéressant et il dépend de la culture, du contexte et des personnes concernées.';
