import type { Attribute, StoreCode } from '@shop/shared';
import { PRODUCT_FACT_OPTION_ATTRIBUTES, productFacts, type ProductFact, type ProductFactSource } from '@shop/shared/catalogue/product-facts';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
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
        text: t('productFacts.carat', { ns: 'common', value: new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fact.carat) }),
      };
    case 'colour':
      return { key: 'colour', text: fact.label, name: t('productFacts.colour', { ns: 'common' }) };
    case 'clarity':
      return { key: 'clarity', text: fact.label, name: t('productFacts.clarity', { ns: 'common' }) };
  }
}

/** The option labels the facts need, one request a store (shared by every card through the resource cache). */
function useFactAttributes(store: StoreCode): readonly Attribute[] {
  const codes = PRODUCT_FACT_OPTION_ATTRIBUTES;
  return useResource(`attributes:${store}:${codes.join(',')}`, () => loadAttributes(store, codes)).data ?? [];
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
  const facts = productFacts(product, attributes).map((fact) => factText(fact, t, i18n.language));
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
