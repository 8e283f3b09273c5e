import { EWE, type LanguageProfile } from './profiles';

/** Characters as a regex class body, for TextMate (Oniguruma) patterns. */
function charClass(chars: readonly string[]): string {
  return chars.map((c) => c.replace(/[\\\]^[-]/g, '\\$&')).join('');
}

/**
 * The TextMate injection grammar, derived from a profile so the editor's colouring and the validator agree:
 * the special letters are scoped as constants, their look-alikes as invalid. Regenerate the file in
 * syntaxes/ with `npm run gen:grammar`; a test checks the two are the same.
 */
export function injectionGrammar(profile: LanguageProfile = EWE): object {
  const special = profile.specialLetters.flatMap((l) => [l, l.toUpperCase()]);
  return {
    $comment: `Generated from the ${profile.name.en} profile in core/coverage/profiles.ts by npm run gen:grammar; do not edit by hand.`,
    scopeName: 'ewebench.ewe-letters.injection',
    injectionSelector: 'L:string.quoted.double.json',
    patterns: [
      { name: 'invalid.illegal.confusable.ewebench', match: `[${charClass(Object.keys(profile.confusables))}]` },
      { name: 'constant.character.ewe-letter.ewebench', match: `[${charClass(special)}]` },
    ],
  };
}
