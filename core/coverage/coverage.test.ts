import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, coverageOf, missingSpecialLetters } from './coverage';
import { EWE, PLAINS_CREE, PROFILES, profileFor, toneName, type LanguageProfile } from './profiles';

test('digraphs count as one letter; a g alone is another letter, and so is a b alone', () => {
  const c = coverageOf('Gbe gã kple agbe; ab', EWE);
  assert.equal(c.letters.gb, 2);
  assert.equal(c.letters.g, 1);
  assert.equal(c.letters.kp, 1);
  assert.equal(c.letters.k, undefined);
  assert.equal(c.letters.b, 1);
  assert.equal(c.capitals.gb, 1);
});

test('every Ewe digraph is one letter in small, capital and all-capital spelling', () => {
  for (const d of EWE.digraphs) {
    const first = d[0].toUpperCase() + d[1];
    const c = coverageOf(`${d} ${first} ${d.toUpperCase()}`, EWE);
    assert.equal(c.letters[d], 3, d);
    assert.equal(c.capitals[d], 2, d);
    assert.equal(c.letters[d[0]], undefined, d);
    assert.equal(c.letters[d[1]], undefined, d);
  }
});

test('a digraph is matched longest first from the left: "gbb" is gb then b, "dzts" is dz then ts', () => {
  assert.deepEqual(coverageOf('gbb', EWE).letters, { gb: 1, b: 1 });
  assert.deepEqual(coverageOf('dzts', EWE).letters, { dz: 1, ts: 1 });
});

test('capital and small special letters count under the small letter, capitals also apart', () => {
  const c = coverageOf('Ɖɖ Ɛɛ Ƒƒ Ɣɣ Ŋŋ Ɔɔ Ʋʋ', EWE);
  for (const l of EWE.specialLetters) {
    assert.equal(c.letters[l], 2, l);
    assert.equal(c.capitals[l], 1, l);
  }
  assert.deepEqual(missingSpecialLetters(c, EWE), []);
  assert.deepEqual(missingSpecialLetters(coverageOf('Ɖe', EWE), EWE), ['ɛ', 'ƒ', 'ɣ', 'ŋ', 'ɔ', 'ʋ']);
});

test('NFC and NFD input give the same counts: tone marks and nasal vowels are read from the decomposed form', () => {
  const nfc = 'Ètsɔ̃ é ɛ̃ kpɔ́ ã';
  const nfd = nfc.normalize('NFD');
  assert.notEqual(nfc, nfd);
  assert.deepEqual(coverageOf(nfc, EWE), coverageOf(nfd, EWE));
  const c = coverageOf(nfd, EWE);
  assert.deepEqual(c.nasalVowels, { ɔ̃: 1, ɛ̃: 1, ã: 1 });
  assert.deepEqual(c.toneMarks, { 'grave (low)': 1, 'acute (high)': 2 });
  assert.equal(c.letters.ts, 1);
  assert.equal(c.letters.e, 2, 'È and é are the letter e with a tone');
  assert.equal(c.capitals.e, 1);
});

test('the caron and circumflex are Ewe tones, on any vowel', () => {
  const c = coverageOf('ǎ ô ɛ̌', EWE);
  assert.deepEqual(c.toneMarks, { 'caron (rising)': 2, 'circumflex (falling)': 1 });
  assert.deepEqual(c.letters, { a: 1, o: 1, ɛ: 1 });
});

test('a Cree profile counts circumflex vowels as letters of their own, precomposed or not', () => {
  for (const text of ['niwâpamâw atim; kîkway', 'niwâpamâw atim; kîkway'.normalize('NFD')]) {
    const c = coverageOf(text, PLAINS_CREE);
    assert.equal(c.letters['â'], 2);
    assert.equal(c.letters['î'], 1);
    assert.equal(c.letters.a, 3);
    assert.deepEqual(missingSpecialLetters(c, PLAINS_CREE), ['ê', 'ô']);
  }
  assert.equal(coverageOf('Ê', PLAINS_CREE).capitals['ê'], 1);
  assert.equal(coverageOf('e', PLAINS_CREE).letters.e, undefined, 'a bare e is not a letter of the SRO alphabet');
});

test('profiles are found by primary language subtag, in either case', () => {
  assert.equal(profileFor('crk'), PLAINS_CREE);
  assert.equal(profileFor('ee-GH'), EWE);
  assert.equal(profileFor('EWE'), EWE);
  assert.equal(profileFor('ewe_Latn'), EWE);
  assert.equal(profileFor('fr'), undefined);
  assert.equal(profileFor(undefined), undefined);
});

test('every profile is consistent: special letters, digraphs and nasal vowels are letters; no look-alike is', () => {
  for (const p of PROFILES) {
    for (const l of [...p.specialLetters, ...p.digraphs, ...p.nasalVowels]) assert.ok(p.letters.includes(l), `${p.codes[0]}: ${l}`);
    for (const l of p.letters) assert.equal(l, l.normalize('NFC').toLowerCase(), `${p.codes[0]}: ${l} is small and NFC`);
    for (const [found, intended] of Object.entries(p.confusables)) {
      assert.ok(!p.letters.includes(found.toLowerCase()), `${p.codes[0]}: ${found} is a letter`);
      assert.ok(p.letters.includes(intended.toLowerCase()), `${p.codes[0]}: ${found} stands for ${intended}, not a letter`);
      assert.equal(
        found === found.toUpperCase() && found !== found.toLowerCase(),
        intended === intended.toUpperCase() && intended !== intended.toLowerCase(),
        `${found} and ${intended} have the same case`,
      );
    }
  }
});

/** A deterministic mix of letters, capitals, accents in both forms and other characters. */
function samples(profile: LanguageProfile, count: number): string[] {
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 0x100000000;
  const pieces = [
    ...profile.letters,
    ...profile.letters.map((l) => l.toUpperCase()),
    '\u0301',
    '\u0300',
    '\u0303',
    '\u0302',
    'é',
    'ɔ̃',
    'Ê',
    ' ',
    '.',
    '😀',
    'ß',
    '\u0323\u0302',
    'x',
  ];
  return Array.from({ length: count }, () => {
    let s = '';
    const n = 1 + Math.floor(random() * 30);
    for (let i = 0; i < n; i++) s += pieces[Math.floor(random() * pieces.length)];
    return random() < 0.3 ? s.normalize('NFD') : random() < 0.5 ? s.normalize('NFC') : s;
  });
}

test('letter spans find the same letters as the counts, each span holding its letter', () => {
  for (const profile of PROFILES) {
    const table = compile(profile);
    for (const text of samples(profile, 400)) {
      const counts = new Int32Array(table.size);
      table.count(text, counts, new Int32Array(table.size));
      const fromSpans = new Int32Array(table.size);
      table.letterSpans(text, (slot, start, end) => {
        fromSpans[slot]++;
        assert.ok(start >= 0 && end > start && end <= text.length, `${JSON.stringify(text)}: ${start}-${end}`);
        const written = text.slice(start, end).normalize('NFD').toLowerCase();
        if (end - start < text.length)
          assert.ok(written.startsWith(table.slots[slot].key.normalize('NFD')[0]), `${JSON.stringify(text)}: ${written} for ${table.slots[slot].key}`);
      });
      table.slots.forEach((slot, i) => slot.kind === 'letters' && assert.equal(fromSpans[i], counts[i], `${JSON.stringify(text)}: ${slot.key}`));
    }
  }
});

test('a letter inside a precomposed character spans that character; a digraph spans both letters', () => {
  const table = compile(EWE);
  const spans: string[] = [];
  const text = 'Ɖé gbɔ̃';
  table.letterSpans(text, (slot, start, end) => spans.push(`${table.slots[slot].key}:${text.slice(start, end)}`));
  assert.deepEqual(spans, ['ɖ:Ɖ', 'e:é', 'gb:gb', 'ɔ:ɔ']);
});

test('every tone mark of a profile has a French name, shown in French hovers', () => {
  for (const name of Object.values(EWE.toneMarks)) {
    assert.notEqual(toneName(name, 'fr'), name, name);
    assert.equal(toneName(name, 'en'), name);
  }
  assert.equal(toneName('grave (low)', 'fr'), 'grave (bas)');
});
