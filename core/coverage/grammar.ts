import { confusableForms } from './confusables';
import { EWE, type LanguageProfile } from './profiles';

const escapeForClass = (s: string) => s.replace(/[\\\]^[-]/g, '\\$&');
const escapeForPattern = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** An Oniguruma pattern for a set of strings: sequences first, longest first, then one class of characters. */
function alternatives(forms: readonly string[]): string {
  const chars = forms.filter((f) => Array.from(f).length === 1);
  const sequences = forms.filter((f) => Array.from(f).length > 1).sort((a, b) => b.length - a.length);
  return [...sequences.map(escapeForPattern), ...(chars.length ? [`[${chars.map(escapeForClass).join('')}]`] : [])].join('|');
}

/**
 * The TextMate injection grammar, derived from a profile so the editor's colouring and the validator agree:
 * the special letters (both cases) are scoped as constants, every form of their look-alikes as invalid.
 * Regenerate the file in syntaxes/ with `npm run gen:grammar`; a test checks the two are the same.
 */
export function injectionGrammar(profile: LanguageProfile = EWE): object {
  const special = profile.specialLetters.flatMap((l) => [l, l.toUpperCase()]);
  return {
    $comment: `Generated from the ${profile.name.en} profile in core/coverage/profiles.ts by npm run gen:grammar; do not edit by hand.`,
    scopeName: 'ewebench.ewe-letters.injection',
    injectionSelector: 'L:string.quoted.double.json',
    patterns: [
      { name: 'invalid.illegal.confusable.ewebench', match: alternatives([...confusableForms(profile).keys()]) },
      { name: 'constant.character.ewe-letter.ewebench', match: alternatives(special) },
    ],
  };
}
