/**
 * Ewe typing in a webview's text field (the corpus table's cells, search box and value box; the review's
 * comment): `;d` → ɖ, `e;'` → é, composed in the page as each key lands, by core's pure `composeInField`. No
 * timer and no message to the extension host per key, so the result is the same at any typing speed.
 */
import { composeInField } from '../../core/typing/eweInput';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Composes Ewe sequences in `field` as keys are typed. Listens on `input` (the key is in the value and the
 * cursor after it); attach it before any other `input` listener, which then sees the composed text. `isOn`:
 * whether the user's setting (`ewebench.eweInput.enable`) allows it.
 */
export function attachEweTyping(field: TextField, isOn: () => boolean = () => true): void {
  let literal = false;
  field.addEventListener('input', (event) => {
    const cursor = field.selectionStart;
    if (!isOn() || (event as InputEvent).inputType !== 'insertText' || cursor === null || cursor !== field.selectionEnd) {
      literal = false;
      return;
    }
    const next = composeInField(field.value, cursor, literal);
    literal = next.literal;
    if (next.value === field.value) return;
    field.value = next.value;
    field.setSelectionRange(next.cursor, next.cursor);
  });
}
