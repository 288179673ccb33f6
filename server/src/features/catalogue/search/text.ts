/**
 * Text analysis for the catalogue search: one tokenizer for indexing and querying, a stemmer per language (so
 * "oorbellen" finds "oorbel" and "watches" finds "watch"), and a bounded edit distance for misspellings.
 */
import { StemmerDe } from '@nlpjs/lang-de';
import { StemmerEn } from '@nlpjs/lang-en-min';
import { StemmerNl } from '@nlpjs/lang-nl';
import type { Language } from '@shop/shared';

export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Words of two or more letters or digits; "18k" and "0,50" stay whole ("050" is dropped as noise). */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const raw of normalizeText(text).split(/[^a-z0-9]+/)) {
    if (raw.length >= 2 || /^\d$/.test(raw)) tokens.push(raw);
  }
  return tokens;
}

export type Stemmer = (token: string) => string;

/**
 * The Snowball stemmer of a language, applied to tokens of letters only: numbers, sizes ("18k") and skus stay as
 * typed. Dutch gets two rules the classic Snowball Dutch stemmer lacks (its successor, Kraaij-Pohlmann, has them):
 * a doubled final consonant is undoubled ("oorbellen" -> "oorbell" -> "oorbel", as "oorbel" itself), and the plural
 * "-es" of a word in "-e" is taken off first ("horloges" -> "horloge" -> "horlog"), so both forms meet.
 */
export function stemmerFor(language: Language): Stemmer {
  switch (language) {
    case 'nl': {
      const snowball = new StemmerNl();
      return (token) => {
        if (!isWord(token)) return token;
        const word = token.length >= 5 && /[^aeiou]es$/.test(token) ? token.slice(0, -1) : token;
        return snowball.stemWord(word).replace(/([^aeiou])\1$/, '$1');
      };
    }
    case 'en': {
      const snowball = new StemmerEn();
      return (token) => (isWord(token) ? snowball.stemWord(token) : token);
    }
    case 'de': {
      const snowball = new StemmerDe();
      return (token) => (isWord(token) ? snowball.stemWord(token) : token);
    }
  }
}

function isWord(token: string): boolean {
  return token.length >= 3 && /^[a-z]+$/.test(token);
}

/** Edits allowed for a query term: fuzziness 2 as the spec sets, scaled down for short words as a search engine's AUTO does. */
export function allowedEdits(term: string, fuzziness: number): number {
  if (/\d/.test(term)) return 0;
  if (term.length <= 2) return 0;
  if (term.length <= 5) return Math.min(1, fuzziness);
  return fuzziness;
}

/**
 * Levenshtein distance between a and b if it is at most `max`, else max + 1. Works on one row and stops as
 * soon as every cell of a row exceeds `max`, so most non-matches cost a few operations.
 */
export function boundedDistance(a: string, b: string, max: number, row: Int32Array = new Int32Array(b.length + 1)): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  for (let j = 0; j <= n; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let previousDiagonal = row[0]!;
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const above = row[j]!;
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(above + 1, row[j - 1]! + 1, previousDiagonal + cost);
      row[j] = value;
      previousDiagonal = above;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
  }
  return row[n]!;
}
