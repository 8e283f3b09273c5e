/**
 * The two inputs of issue #30 item 1, on which chrF++ never returned: one line of 400 random words (1,521
 * characters, deterministic here) scored against the reference `x`, and 1,500 characters of Ewe prose against
 * "Ŋdi nyuie.". Shared by the core, CLI and run tests.
 */
export function fourHundredWords(): string {
  let x = 400;
  const words: string[] = [];
  for (let i = 0; i < 400; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const length = 1 + (((x >>> 8) & 0xffff) % 4);
    let word = '';
    for (let k = 0; k < length; k++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      word += String.fromCharCode(97 + (((x >>> 8) & 0xffff) % 26));
    }
    words.push(word);
  }
  // Lengths 1-4 average 2.5; lengthen words, first to last, to exactly 1,122 letters (+ 399 spaces = 1,521).
  let letters = words.reduce((n, w) => n + w.length, 0);
  for (let i = 0; letters < 1122; i = (i + 1) % 400, letters++) words[i] += 'e';
  return words.join(' ');
}

const EWE_WORDS =
  'ŋdi nyuie nɔvinye egbe míeyi asime ɖe ƒuta gbɔ eye míeƒle akpa kple agbeli ɖevi la yi suku dzi ɖe wò ŋu ame sia ame ɖu nu le aƒeme xɔ ʋu dzo tsi nye agble dɔ wɔ ŋkeke etɔ̃ vɔ fofo dada ɣletivi ɣe dze ŋɔŋlɔ ƒe gbe nya nyui ɖeka kple eve nukae nèle wɔwɔm afi ka nèyina'.split(
    ' ',
  );

/** 1,500 characters of Ewe prose (sentences of words drawn from a list, deterministic): over a thousand distinct 6-grams. */
export const ISSUE_30_PROSE = ((): string => {
  let x = 1500;
  let out = '';
  while (out.length < 1500) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const words = 4 + (((x >>> 8) & 0xffff) % 8);
    const sentence: string[] = [];
    for (let k = 0; k < words; k++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      sentence.push(EWE_WORDS[((x >>> 8) & 0xffff) % EWE_WORDS.length]);
    }
    out += sentence.join(' ').replace(/^./, (c) => c.toUpperCase()) + ((x & 3) === 0 ? '? ' : '. ');
  }
  return out.slice(0, 1500);
})();
