/**
 * The demo's CMS blocks (home story, one per top category, trade-in and store-locator introductions, the footer's
 * service links) and the curated landing pages of spec 1 §2: the vintage and pre-owned listings under
 * `swiss-watches/...`, `watches/...` and (Dutch) `horloges/...`, each a story above a filtered category listing.
 *
 * Category blocks are named `category-{category id}` (the same name in both stores, each store its own text): the
 * category's `landing_page` column names a block by its numeric id, which differs per store and changes when content
 * is imported again, so the demo leaves that column empty and the storefront looks a category's block up by name.
 */
import type { CmsBlockInput, CmsPageInput } from '@shop/shared/content/content.schema';
import type { StoreCode } from '@shop/shared';
import { DEMO_BOUTIQUES } from '../../../features/boutiques/boutiques-seed.ts';
import type { CatalogueFacts } from './catalogue-facts.ts';
import { figure, h2, html, p, ul } from './html.ts';
import { SERVICE_PAGES, openingHoursTable } from './service-pages.ts';

type PerStore<T> = Record<StoreCode, T>;

/** The block name a category's story has: `category-{id}`. */
export const categoryBlockIdentifier = (categoryId: number) => `category-${categoryId}`;

/** Brands whose watches are made in Switzerland (the demo's others are Japanese). */
export const SWISS_WATCH_BRANDS = ['Rolex', 'Omega', 'Cartier', 'Patek Philippe', 'Audemars Piguet', 'Breitling', 'TAG Heuer', 'Longines', 'Tudor', 'IWC', 'Jaeger-LeCoultre', 'Zenith', 'Tissot', 'Hamilton', 'Panerai', 'Hublot', 'Chopard', 'Frederique Constant'] as const;

const TOP_CATEGORIES: ReadonlyArray<{ path: string; title: PerStore<string>; text: PerStore<string[]> }> = [
  {
    path: 'watches',
    title: { nl: 'Horloges bij Horloge & Diamant', en: 'Watches at Horloge & Diamant' },
    text: {
      nl: ['Van een eerste automatisch horloge tot een complicatie voor het leven: onze collectie telt nieuwe horloges, tweedehands exemplaren en vintage klassiekers. Elk horloge is gecontroleerd in ons eigen atelier.', 'Twijfelt u tussen twee modellen? Kom ze passen in Amsterdam of Rotterdam, of lees onze [horlogeverhalen](/nl/magazine/category/horloges/).'],
      en: ['From a first automatic watch to a complication for life: our collection holds new watches, pre-owned pieces and vintage classics. Every watch is checked in our own workshop.', 'Torn between two models? Try them on in Amsterdam or Rotterdam, or read our [watch stories](/en/magazine/category/watches/).'],
    },
  },
  {
    path: 'jewellery',
    title: { nl: 'Sieraden uit eigen atelier', en: 'Jewellery from our own workshop' },
    text: {
      nl: ['Ringen, oorbellen, colliers en armbanden in goud en platina. Onze edelsmeden zetten de stenen zelf en passen uw ring kosteloos aan binnen 30 dagen na aankoop.', 'Op zoek naar een verlovingsring? Maak [een afspraak](/nl/afspraak-maken) voor een rustig adviesgesprek.'],
      en: ['Rings, earrings, necklaces and bracelets in gold and platinum. Our goldsmiths set the stones themselves and resize your ring free of charge within 30 days of purchase.', 'Looking for an engagement ring? [Make an appointment](/en/make-an-appointment) for an unhurried consultation.'],
    },
  },
  {
    path: 'diamonds',
    title: { nl: 'Diamanten met certificaat', en: 'Certified diamonds' },
    text: {
      nl: ['Elke losse diamant wordt geleverd met een certificaat van een onafhankelijk laboratorium. Wij selecteren op slijpkwaliteit: die bepaalt meer dan kleur of zuiverheid hoe een steen schittert.', 'Lees in ons magazine hoe u [de vier C’s](/nl/magazine/category/diamanten-en-edelstenen/) tegen elkaar afweegt.'],
      en: ['Every loose diamond comes with a certificate from an independent laboratory. We select for cut quality: more than colour or clarity, it decides how a stone sparkles.', 'Read in our magazine how to weigh [the four Cs](/en/magazine/category/diamonds-and-gems/) against each other.'],
    },
  },
  {
    path: 'gem-stones',
    title: { nl: 'Edelstenen in alle kleuren', en: 'Gem stones in every colour' },
    text: {
      nl: ['Saffieren, robijnen, smaragden en zeldzamere stenen als spinel en tanzaniet: los te koop of om te laten zetten in een sieraad naar uw ontwerp.'],
      en: ['Sapphires, rubies, emeralds and rarer stones such as spinel and tanzanite: to buy loose or to have set in a jewel of your design.'],
    },
  },
];

export function demoBlocks(facts: CatalogueFacts): CmsBlockInput[] {
  const blocks: CmsBlockInput[] = [];
  const add = (identifier: string, title: PerStore<string>, content: PerStore<string>) => {
    for (const store of ['nl', 'en'] as const) blocks.push({ store, identifier, title: title[store], content: content[store], active: true });
  };
  add(
    'home-story',
    { nl: 'Tijd voor iets moois', en: 'Time for something beautiful' },
    {
      nl: html(
        figure('trio-navy-2.svg', 'Drie horloges op donkerblauw fluweel'),
        p('Al drie generaties kiezen onze klanten bij ons het horloge of sieraad dat hen een leven lang vergezelt. Nieuw, tweedehands of vintage: elk stuk is gecontroleerd door onze eigen horlogemakers en edelsmeden.'),
        p('[Ontdek de vintage collectie](/nl/horloges/vintage) of lees de nieuwste verhalen in ons [magazine](/nl/magazine).'),
      ),
      en: html(
        figure('trio-navy-2.svg', 'Three watches on dark blue velvet'),
        p('For three generations our customers have chosen the watch or jewel that stays with them for life. New, pre-owned or vintage: every piece is checked by our own watchmakers and goldsmiths.'),
        p('[Discover the vintage collection](/en/watches/vintage) or read the latest stories in our [magazine](/en/magazine).'),
      ),
    },
  );
  for (const category of TOP_CATEGORIES) {
    add(categoryBlockIdentifier(facts.categoryId(category.path)), category.title, { nl: html(...category.text.nl.map(p)), en: html(...category.text.en.map(p)) });
  }
  add(
    'trade-in-intro',
    { nl: 'Uw horloge inruilen of verkopen', en: 'Trade in or sell your watch' },
    {
      nl: html(
        p('Heeft u een horloge dat u niet meer draagt? Wij kopen kwaliteitshorloges in of nemen ze in bij de aankoop van een ander horloge. U ontvangt binnen twee werkdagen een eerlijk voorstel, gebaseerd op de staat, de papieren en de actuele marktwaarde.'),
        ul(['Vul het formulier in met merk, model en bouwjaar, en voeg een paar foto’s toe;', 'Onze horlogemakers beoordelen uw horloge en doen u een voorstel;', 'Akkoord? Breng het horloge langs in een van onze boutiques of stuur het verzekerd op; bij inruil verrekenen wij de waarde direct met uw nieuwe aankoop.']),
        p('Doos, papieren en onderhoudsbewijzen verhogen de waarde. Een recente revisie is niet nodig: die nemen wij zo nodig voor onze rekening.'),
      ),
      en: html(
        p('Do you own a watch you no longer wear? We buy quality watches or take them in part exchange for another watch. You receive a fair offer within two working days, based on condition, papers and the current market value.'),
        ul(['Fill in the form with brand, model and year, and add a few photos;', 'Our watchmakers assess your watch and make you an offer;', 'Agreed? Bring the watch to one of our boutiques or send it insured; on a trade-in we set its value against your new purchase straight away.']),
        p('Box, papers and service records add value. A recent service is not needed: where necessary we take care of it at our expense.'),
      ),
    },
  );
  add(
    'store-locator-intro',
    { nl: 'Bezoek onze boutiques', en: 'Visit our boutiques' },
    {
      nl: html(
        p(`U vindt ons in ${DEMO_BOUTIQUES.map((b) => `${b.city} (${b.street})`).join(' en ')}. In beide winkels kunt u horloges passen, uw ring laten opmeten en terecht voor onderhoud. Voor een persoonlijk adviesgesprek kunt u [een afspraak maken](/nl/afspraak-maken).`),
        h2('Openingstijden'),
        openingHoursTable('nl'),
        p('Op feestdagen kunnen de openingstijden afwijken; die ziet u bij elke winkel.'),
      ),
      en: html(
        p(`You will find us in ${DEMO_BOUTIQUES.map((b) => `${b.city} (${b.street})`).join(' and ')}. In both stores you can try on watches, have your ring size measured and bring your watch for servicing. For personal advice you can [make an appointment](/en/make-an-appointment).`),
        h2('Opening hours'),
        openingHoursTable('en'),
        p('Opening hours may differ on public holidays; each store shows them.'),
      ),
    },
  );
  add(
    'footer-service',
    { nl: 'Service', en: 'Service' },
    {
      nl: ul([...SERVICE_PAGES.map((page) => `[${page.nl.title}](/nl/i/${page.nl.identifier})`), '[Contact](/nl/contacts)', '[Onze winkels](/nl/store-locator)']),
      en: ul([...SERVICE_PAGES.map((page) => `[${page.en.title}](/en/i/${page.en.identifier})`), '[Contact](/en/contacts)', '[Our stores](/en/store-locator)']),
    },
  );
  return blocks;
}

interface Landing {
  key: string;
  store: StoreCode;
  urlPath: string;
  title: string;
  description: string;
  condition: 'Vintage' | 'Pre-owned';
  swiss: boolean;
  image: string;
  story: string[];
}

const LANDINGS: readonly Landing[] = [
  {
    key: 'swiss-watches-vintage',
    store: 'en',
    urlPath: 'swiss-watches/vintage',
    title: 'Vintage Swiss watches',
    description: 'Vintage Swiss watches, checked and serviced by our watchmakers, with a two-year warranty.',
    condition: 'Vintage',
    swiss: true,
    image: 'movement-ink-2.svg',
    story: ['The great Swiss houses built watches decades ago that still run today, provided someone looks after them. Our watchmakers open every vintage watch, service the movement with original parts where they exist and leave honest signs of age alone.', 'A patinated dial or a softly worn case tells a story; a replaced dial or polished-away edges do not. We describe each watch as it is and give it a two-year warranty.'],
  },
  {
    key: 'swiss-watches-pre-owned',
    store: 'en',
    urlPath: 'swiss-watches/pre-owned',
    title: 'Pre-owned Swiss watches',
    description: 'Pre-owned Swiss watches with papers where available, checked by our watchmakers and sold with a two-year warranty.',
    condition: 'Pre-owned',
    swiss: true,
    image: 'trio-ink-1.svg',
    story: ['A pre-owned Swiss watch is often the wiser buy: the first owner took the depreciation, the movement has proven itself and many references are no longer made. Every watch here has been checked on our timing machine and tested for water resistance.', 'Where box and papers exist we say so; where a watch has been serviced, we tell you when.'],
  },
  {
    key: 'vintage-watches',
    store: 'en',
    urlPath: 'watches/vintage',
    title: 'Vintage watches',
    description: 'Vintage watches from Swiss and Japanese makers, described honestly and serviced in our own workshop.',
    condition: 'Vintage',
    swiss: false,
    image: 'dial-bordeaux-1.svg',
    story: ['Vintage watches have character that new ones cannot copy: the warm tone of an aged dial, the slim case of a time before sports watches, a movement wound by hand every morning.', 'Our selection spans Swiss classics and Japanese precision, each one inspected and serviced before it reaches you.'],
  },
  {
    key: 'pre-owned-watches',
    store: 'en',
    urlPath: 'watches/pre-owned',
    title: 'Pre-owned watches',
    description: 'Pre-owned watches checked by our watchmakers, with a two-year warranty and free returns within 14 days.',
    condition: 'Pre-owned',
    swiss: false,
    image: 'trio-forest-1.svg',
    story: ['A pre-owned watch from us is checked, cleaned and, where needed, serviced. You buy with the same certainty as a new watch: a two-year warranty and 14 days to change your mind.'],
  },
  {
    key: 'swiss-watches-vintage',
    store: 'nl',
    urlPath: 'zwitserse-horloges/vintage',
    title: 'Vintage Zwitserse horloges',
    description: 'Vintage Zwitserse horloges, gecontroleerd en gereviseerd door onze horlogemakers, met twee jaar garantie.',
    condition: 'Vintage',
    swiss: true,
    image: 'movement-ink-2.svg',
    story: ['De grote Zwitserse huizen bouwden decennia geleden horloges die vandaag nog lopen, mits iemand ze verzorgt. Onze horlogemakers openen elk vintage horloge, reviseren het uurwerk waar mogelijk met originele onderdelen en laten eerlijke sporen van de tijd met rust.', 'Een wijzerplaat met patina vertelt een verhaal; een vervangen wijzerplaat niet. Wij beschrijven elk horloge zoals het is en geven er twee jaar garantie op.'],
  },
  {
    key: 'swiss-watches-pre-owned',
    store: 'nl',
    urlPath: 'zwitserse-horloges/pre-owned',
    title: 'Tweedehands Zwitserse horloges',
    description: 'Tweedehands Zwitserse horloges, waar mogelijk met papieren, gecontroleerd door onze horlogemakers en met twee jaar garantie.',
    condition: 'Pre-owned',
    swiss: true,
    image: 'trio-ink-1.svg',
    story: ['Een tweedehands Zwitsers horloge is vaak de verstandigste keuze: de eerste eigenaar nam de afschrijving voor zijn rekening, het uurwerk heeft zich bewezen en veel referenties worden niet meer gemaakt.', 'Zijn doos en papieren aanwezig, dan vermelden wij dat; is het horloge gereviseerd, dan vertellen wij u wanneer.'],
  },
  {
    key: 'vintage-watches',
    store: 'nl',
    urlPath: 'horloges/vintage',
    title: 'Vintage horloges',
    description: 'Vintage horloges van Zwitserse en Japanse makers, eerlijk beschreven en gereviseerd in ons eigen atelier.',
    condition: 'Vintage',
    swiss: false,
    image: 'dial-bordeaux-1.svg',
    story: ['Vintage horloges hebben een karakter dat nieuwe niet kunnen nabootsen: de warme tint van een verouderde wijzerplaat, de slanke kast uit de tijd vóór de sporthorloges, een uurwerk dat u elke ochtend met de hand opwindt.', 'Onze selectie omvat Zwitserse klassiekers en Japanse precisie, elk horloge geïnspecteerd en gereviseerd voordat het bij u komt.'],
  },
  {
    key: 'pre-owned-watches',
    store: 'nl',
    urlPath: 'horloges/pre-owned',
    title: 'Tweedehands horloges',
    description: 'Tweedehands horloges, gecontroleerd door onze horlogemakers, met twee jaar garantie en 14 dagen bedenktijd.',
    condition: 'Pre-owned',
    swiss: false,
    image: 'trio-forest-1.svg',
    story: ['Een tweedehands horloge van ons is gecontroleerd, gereinigd en zo nodig gereviseerd. U koopt met dezelfde zekerheid als een nieuw horloge: twee jaar garantie en 14 dagen bedenktijd.'],
  },
];

/** The route query a landing's listing filters by, in the category page's URL format (option ids, comma-joined). */
export function landingQuery(facts: CatalogueFacts, landing: Pick<Landing, 'condition' | 'swiss'>): Record<string, string> {
  return {
    condition: facts.optionId('condition', landing.condition),
    ...(landing.swiss ? { brand: SWISS_WATCH_BRANDS.map((brand) => facts.optionId('brand', brand)).join(',') } : {}),
  };
}

export function landingPages(facts: CatalogueFacts): CmsPageInput[] {
  return LANDINGS.map((landing): CmsPageInput => ({
    store: landing.store,
    identifier: landing.urlPath.replace(/\//g, '-'),
    content_key: landing.key,
    title: landing.title,
    content: html(...landing.story.map(p)),
    meta_title: `${landing.title} | Horloge & Diamant`,
    meta_description: landing.description,
    active: true,
    url_path: landing.urlPath,
    listing: { category: facts.categoryPath(landing.store, 'watches'), query: landingQuery(facts, landing) },
    image: landing.image,
  }));
}
