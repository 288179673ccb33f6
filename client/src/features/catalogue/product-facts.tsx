import type { Attribute, StoreCode } from '@shop/shared';
import { PRODUCT_FACT_OPTION_ATTRIBUTES, productFacts, type ProductFact, type ProductFactSource } from '@shop/shared/catalogue/product-facts';
import type { TFunction } from 'i18next';
import { Fragment, useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { loadAttributes } from './catalogue-api.ts';

export interface FactText {
  key: string;
  /** What the line shows ("Pre-owned", "2019", "1.02 ct", "G"). */
  text: string;
  /** Said before the text to a screen reader where the text alone is not clear ("Colour" before "G"). */
  name?: string;
}

/** One carat format per language: making a number format costs far more than using it, and a listing has many cards. */
const CARAT_FORMATS = new Map<string, Intl.NumberFormat>();
function caratNumbers(language: string): Intl.NumberFormat {
  let format = CARAT_FORMATS.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    CARAT_FORMATS.set(language, format);
  }
  return format;
}

/**
 * A fact in the interface language: condition and papers by their code where the shop's texts know it (else the
 * store's label), the carat with the language's decimal mark, colour and clarity grades as graded.
 */
export function factText(fact: ProductFact, t: TFunction, language: string): FactText {
  switch (fact.kind) {
    case 'condition':
      return { key: 'condition', text: fact.code ? t(`productFacts.condition.${fact.code}`, { ns: 'common', defaultValue: fact.label }) : fact.label };
    case 'year':
      return { key: 'year', text: String(fact.year), name: t('productFacts.year', { ns: 'common' }) };
    case 'papers':
      return { key: 'papers', text: t(`productFacts.papers.${fact.code}`, { ns: 'common' }) };
    case 'carat':
      return {
        key: 'carat',
        text: t('productFacts.carat', { ns: 'common', value: caratNumbers(language).format(fact.carat) }),
      };
    case 'colour':
      return { key: 'colour', text: fact.label, name: t('productFacts.colour', { ns: 'common' }) };
    case 'clarity':
      return { key: 'clarity', text: fact.label, name: t('productFacts.clarity', { ns: 'common' }) };
  }
}

const NO_ATTRIBUTES: readonly Attribute[] = [];

/** The option labels the facts need, one request a store (shared by every card through the resource cache). */
function useFactAttributes(store: StoreCode): readonly Attribute[] {
  const codes = PRODUCT_FACT_OPTION_ATTRIBUTES;
  return useResource(`attributes:${store}:${codes.join(',')}`, () => loadAttributes(store, codes)).data ?? NO_ATTRIBUTES;
}

/**
 * The short facts line of a product card and a search suggestion: "Pre-owned · 2019 · Box & papers",
 * "1.02 ct · G · VS1" (rule: shared/src/catalogue/product-facts.ts). It always takes its line, empty or not, so
 * cards keep one height and nothing moves when the labels arrive.
 */
export function ProductFacts({ product, className }: { product: ProductFactSource; className?: string }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const attributes = useFactAttributes(store);
  const language = i18n.language;
  // A card draws again whenever its listing does (prices, stock, filters): the facts change only with these.
  const facts = useMemo(() => productFacts(product, attributes).map((fact) => factText(fact, t, language)), [product, attributes, t, language]);
  return (
    <span className={`product-facts${className ? ` ${className}` : ''}`} data-testid="product-facts">
      {facts.map((fact, index) => (
        <Fragment key={fact.key}>
          {/* The spaces stay outside the hidden dot, so a screen reader hears "Pre-owned 2019", not "Pre-owned2019". */}
          {index > 0 ? (
            <>
              {' '}
              <span className="product-facts__dot" aria-hidden="true">
                ·
              </span>{' '}
            </>
          ) : null}
          <span className="product-facts__fact" data-fact={fact.key}>
            {fact.name ? <span className="visually-hidden">{`${fact.name} `}</span> : null}
            {fact.text}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
