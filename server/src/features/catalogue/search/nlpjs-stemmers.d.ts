// The nlp.js language packages ship no types: only their Snowball stemmers are used here.
interface SnowballStemmer {
  stemWord(word: string): string;
}

declare module '@nlpjs/lang-nl' {
  export class StemmerNl implements SnowballStemmer {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-en-min' {
  export class StemmerEn implements SnowballStemmer {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-de' {
  export class StemmerDe implements SnowballStemmer {
    stemWord(word: string): string;
  }
}
