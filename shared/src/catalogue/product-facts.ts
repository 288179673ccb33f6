import type { Attribute } from './attribute.schema.ts';

/**
 * The short facts line that tells alike pieces apart on a product card and in the search suggestions (issue 19):
 * which facts a piece shows and in which order. The interface turns them into text (client ProductFacts).
 *
 * - A piece with a graded or weighed stone (loose diamonds and gems, jewellery) leads with the stone: carat, colour,
 *   clarity; its condition, year and papers follow only when it is not new (every stone in the shop is new, and
 *   "new" beside "1.02 ct · G · VS1" says nothing).
 * - Anything else (watches above all): condition, year, then box and papers.
 * - At most MAX_PRODUCT_FACTS; a fact whose value is missing or not understood is left out, never guessed.
 */
export const MAX_PRODUCT_FACTS = 4;

/** The `misc` options that say what comes with a piece, most complete first: a piece shows the first it has. */
export const PAPERS_CODES = ['full_set', 'box_papers', 'papers_only', 'box_only'] as const;
export type PapersCode = (typeof PAPERS_CODES)[number];

export type ProductFact =
  /** `code` is the option's stable name ("pre_owned") when the catalogue gives one. */
  | { kind: 'condition'; label: string; code: string | undefined }
  | { kind: 'year'; year: number }
  | { kind: 'papers'; code: PapersCode }
  | { kind: 'carat'; carat: number }
  | { kind: 'colour'; label: string }
  | { kind: 'clarity'; label: string };

/** The attributes the facts are read from: what a listing carries (PRODUCT_LISTING_FIELDS). */
export const PRODUCT_FACT_ATTRIBUTES = ['condition', 'year', 'misc', 'carat', 'colour_diamonds', 'clarity_diamonds'] as const;
/** The attributes whose option labels the facts need. */
export const PRODUCT_FACT_OPTION_ATTRIBUTES = ['clarity_diamonds', 'colour_diamonds', 'condition', 'misc'] as const;

export type ProductFactSource = Partial<Record<(typeof PRODUCT_FACT_ATTRIBUTES)[number], number | number[] | undefined>>;
export type FactAttribute = Pick<Attribute, 'attribute_code' | 'options'>;

const FIRST_YEAR = 1800;
const LAST_YEAR = 2100;

function single(value: number | number[] | undefined): number | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'number' && Number.isFinite(first) ? first : undefined;
}

function option(attributes: readonly FactAttribute[], code: string, value: number | number[] | undefined) {
  const id = single(value);
  if (id === undefined) return undefined;
  return attributes.find((a) => a.attribute_code === code)?.options.find((o) => o.value === String(id));
}

export function productFacts(product: ProductFactSource, attributes: readonly FactAttribute[]): ProductFact[] {
  const conditionOption = option(attributes, 'condition', product.condition);
  const condition: ProductFact | undefined = conditionOption ? { kind: 'condition', label: conditionOption.label, code: conditionOption.code } : undefined;
  const yearValue = single(product.year);
  const year: ProductFact | undefined = yearValue !== undefined && Number.isInteger(yearValue) && yearValue >= FIRST_YEAR && yearValue <= LAST_YEAR ? { kind: 'year', year: yearValue } : undefined;
  const miscIds = new Set((Array.isArray(product.misc) ? product.misc : product.misc === undefined ? [] : [product.misc]).map(String));
  const miscCodes = new Set(
    (attributes.find((a) => a.attribute_code === 'misc')?.options ?? []).filter((o) => miscIds.has(o.value) && o.code).map((o) => o.code as string),
  );
  const papersCode = PAPERS_CODES.find((code) => miscCodes.has(code));
  const papers: ProductFact | undefined = papersCode ? { kind: 'papers', code: papersCode } : undefined;
  const caratValue = single(product.carat);
  const carat: ProductFact | undefined = caratValue !== undefined && caratValue > 0 ? { kind: 'carat', carat: caratValue } : undefined;
  const colourOption = option(attributes, 'colour_diamonds', product.colour_diamonds);
  const colour: ProductFact | undefined = colourOption ? { kind: 'colour', label: colourOption.label } : undefined;
  const clarityOption = option(attributes, 'clarity_diamonds', product.clarity_diamonds);
  const clarity: ProductFact | undefined = clarityOption ? { kind: 'clarity', label: clarityOption.label } : undefined;

  const stone = carat ?? colour ?? clarity;
  const facts = stone
    ? [carat, colour, clarity, ...(condition?.kind === 'condition' && condition.code !== 'new' ? [condition, year, papers] : [])]
    : [condition, year, papers];
  return facts.filter((fact): fact is ProductFact => fact !== undefined).slice(0, MAX_PRODUCT_FACTS);
}
