/**
 * The demo magazine: five categories, tags, and 45 posts per store (the same stories in Dutch and English, linked by
 * `content_key`), published over two years, each with a hero picture, tags and related products from the catalogue.
 */
import { slugify, type StoreCode } from '@shop/shared';
import type { BlogCategoryInput, BlogPostInput, BlogTagInput } from '@shop/shared/content/content.schema';
import { contentPictureName, type ContentBackdrop, type ContentScene } from '../../../features/media/content-pictures.ts';
import { Random } from '../generator/random.ts';
import type { SourceProduct } from '../catalogue-source.ts';
import type { CatalogueFacts } from './catalogue-facts.ts';
import { h2, html, p, quote } from './html.ts';
import { CATEGORY_COPY, GENERAL_COPY, QUOTES, type MagazineCategoryKey } from './magazine-copy.ts';

type PerStore<T> = Record<StoreCode, T>;
const STORES = ['nl', 'en'] as const;

export const MAGAZINE_CATEGORIES: ReadonlyArray<{ key: MagazineCategoryKey; slug: PerStore<string>; name: PerStore<string>; description: PerStore<string> }> = [
  { key: 'news', slug: { nl: 'nieuws', en: 'news' }, name: { nl: 'Nieuws', en: 'News' }, description: { nl: 'Nieuws uit onze winkels en ons atelier.', en: 'News from our stores and our workshop.' } },
  { key: 'watches', slug: { nl: 'horloges', en: 'watches' }, name: { nl: 'Horloges', en: 'Watches' }, description: { nl: 'Uurwerken, klassiekers en koopadvies.', en: 'Movements, classics and buying advice.' } },
  { key: 'gems', slug: { nl: 'diamanten-en-edelstenen', en: 'diamonds-and-gems' }, name: { nl: 'Diamanten en edelstenen', en: 'Diamonds & gems' }, description: { nl: 'Slijpvormen, certificaten en kleur.', en: 'Cuts, certificates and colour.' } },
  { key: 'care', slug: { nl: 'onderhoud-en-service', en: 'care-and-service' }, name: { nl: 'Onderhoud en service', en: 'Care & service' }, description: { nl: 'Zo blijven uw horloges en sieraden mooi.', en: 'How to keep your watches and jewellery beautiful.' } },
  { key: 'stories', slug: { nl: 'verhalen', en: 'stories' }, name: { nl: 'Verhalen', en: 'Stories' }, description: { nl: 'Verhalen van klanten, makers en bijzondere stukken.', en: 'Stories of customers, makers and remarkable pieces.' } },
];

const TAGS: Record<string, PerStore<string>> = {
  vintage: { nl: 'Vintage', en: 'Vintage' },
  'pre-owned': { nl: 'Tweedehands', en: 'Pre-owned' },
  automatic: { nl: 'Automatisch', en: 'Automatic' },
  chronograph: { nl: 'Chronograaf', en: 'Chronograph' },
  'dive-watches': { nl: 'Duikhorloges', en: 'Dive watches' },
  'dress-watches': { nl: 'Klassieke horloges', en: 'Dress watches' },
  diamonds: { nl: 'Diamanten', en: 'Diamonds' },
  'coloured-gems': { nl: 'Gekleurde edelstenen', en: 'Coloured gems' },
  'engagement-rings': { nl: 'Verlovingsringen', en: 'Engagement rings' },
  pearls: { nl: 'Parels', en: 'Pearls' },
  gold: { nl: 'Goud', en: 'Gold' },
  servicing: { nl: 'Revisie', en: 'Servicing' },
  straps: { nl: 'Horlogebanden', en: 'Straps' },
  'watch-winders': { nl: 'Horlogeopwinders', en: 'Watch winders' },
  'buying-guide': { nl: 'Koopadvies', en: 'Buying guide' },
  boutique: { nl: 'Boutique', en: 'Boutique' },
  'trade-in': { nl: 'Inruil', en: 'Trade-in' },
  history: { nl: 'Geschiedenis', en: 'History' },
  workshop: { nl: 'Atelier', en: 'Workshop' },
  gifts: { nl: 'Cadeaus', en: 'Gifts' },
};

/** Tag slugs per store: the English key, or the Dutch name's slug. */
const tagSlug = (key: string, store: StoreCode) => (store === 'en' ? key : slugify(TAGS[key]?.nl ?? key));

/** Which products a post names: visible products in a category, optionally with attribute options (English labels). */
interface Related {
  category: string;
  option?: readonly [attribute: string, labels: readonly string[]];
}

interface PostSpec {
  key: string;
  category: MagazineCategoryKey;
  title: PerStore<string>;
  excerpt: PerStore<string>;
  subject: PerStore<string>;
  tags: readonly string[];
  picture: readonly [ContentScene, ContentBackdrop];
  related: Related;
}

const brand = (name: string, category = 'watches'): Related => ({ category, option: ['brand', [name]] });
const condition = (label: string): Related => ({ category: 'watches', option: ['condition', [label]] });
const gem = (label: string, category = 'jewellery'): Related => ({ category, option: ['gem_stones', [label]] });
const jewel = (label: string): Related => ({ category: 'jewellery', option: ['type_jewel', [label]] });

const POSTS: readonly PostSpec[] = [
  // News
  { key: 'rotterdam-boutique-renewed', category: 'news', title: { nl: 'Onze boutique in Rotterdam in een nieuw jasje', en: 'Our Rotterdam boutique, renewed' }, excerpt: { nl: 'Na acht weken verbouwen opent de Lijnbaan weer, met een ruimere adviesruimte en een atelier achter glas.', en: 'After eight weeks of building work the Lijnbaan store reopens, with a larger consultation room and a workshop behind glass.' }, subject: { nl: 'de vernieuwde boutique', en: 'the renewed boutique' }, tags: ['boutique', 'workshop'], picture: ['boutique', 'cream'], related: jewel('Ring') },
  { key: 'thursday-late-opening', category: 'news', title: { nl: 'Koopavond op donderdag in Amsterdam', en: 'Late opening on Thursdays in Amsterdam' }, excerpt: { nl: 'Voortaan bent u op donderdag tot negen uur ’s avonds welkom in de P.C. Hooftstraat.', en: 'From now on you are welcome on the P.C. Hooftstraat until nine in the evening on Thursdays.' }, subject: { nl: 'de koopavond', en: 'the late opening' }, tags: ['boutique'], picture: ['boutique', 'navy'], related: brand('Cartier') },
  { key: 'vintage-collection-autumn', category: 'news', title: { nl: 'Nieuw binnen: de vintage collectie van dit najaar', en: 'Just in: this autumn’s vintage collection' }, excerpt: { nl: 'Dertig vintage horloges, elk gereviseerd in ons atelier, staan nu online en in de winkel.', en: 'Thirty vintage watches, each serviced in our workshop, are now online and in store.' }, subject: { nl: 'de vintage collectie', en: 'the vintage collection' }, tags: ['vintage', 'workshop'], picture: ['dial', 'bordeaux'], related: condition('Vintage') },
  { key: 'trade-in-now-online', category: 'news', title: { nl: 'Uw horloge inruilen kan nu ook online', en: 'Trade in your watch, now online too' }, excerpt: { nl: 'Met het nieuwe inruilformulier ontvangt u binnen twee werkdagen een voorstel, zonder dat u de deur uit hoeft.', en: 'With the new trade-in form you receive an offer within two working days, without leaving home.' }, subject: { nl: 'inruilen', en: 'trading in' }, tags: ['trade-in', 'pre-owned'], picture: ['trio', 'ink'], related: condition('Pre-owned') },
  { key: 'certified-diamonds-range', category: 'news', title: { nl: 'Meer gecertificeerde diamanten op voorraad', en: 'More certified diamonds in stock' }, excerpt: { nl: 'Wij hebben onze voorraad losse diamanten verdubbeld, allemaal met een onafhankelijk certificaat.', en: 'We have doubled our stock of loose diamonds, all with an independent certificate.' }, subject: { nl: 'onze diamantcollectie', en: 'our diamond collection' }, tags: ['diamonds'], picture: ['diamonds', 'navy'], related: { category: 'diamonds' } },
  { key: 'workshop-new-watchmaker', category: 'news', title: { nl: 'Een nieuwe horlogemaker in ons atelier', en: 'A new watchmaker in our workshop' }, excerpt: { nl: 'Ons atelier groeit: met een extra horlogemaker wordt de wachttijd voor een revisie korter.', en: 'Our workshop is growing: with an extra watchmaker the waiting time for a service gets shorter.' }, subject: { nl: 'het atelier', en: 'the workshop' }, tags: ['workshop', 'servicing'], picture: ['movement', 'ink'], related: { category: 'watches/accessories/watch-winders' } },
  { key: 'gift-guide-holidays', category: 'news', title: { nl: 'Cadeaugids voor de feestdagen', en: 'Holiday gift guide' }, excerpt: { nl: 'Van een zilveren hanger tot een horlogeopwinder: onze keuze voor de decembermaand.', en: 'From a pendant to a watch winder: our selection for the festive season.' }, subject: { nl: 'een cadeau', en: 'a gift' }, tags: ['gifts'], picture: ['jewellery', 'bordeaux'], related: jewel('Pendant necklace') },
  { key: 'newsletter-welcome-gift', category: 'news', title: { nl: 'Tien procent welkomstkorting voor nieuwsbrieflezers', en: 'Ten per cent welcome discount for newsletter readers' }, excerpt: { nl: 'Wie zich aanmeldt voor onze nieuwsbrief, ontvangt eenmalig tien procent korting.', en: 'Sign up for our newsletter and receive a one-time ten per cent discount.' }, subject: { nl: 'de nieuwsbrief', en: 'the newsletter' }, tags: ['gifts'], picture: ['gems', 'cream'], related: jewel('Stud earrings') },
  { key: 'appointments-online', category: 'news', title: { nl: 'Plan uw afspraak voortaan online', en: 'Book your appointment online' }, excerpt: { nl: 'Kies zelf een moment voor advies over een verlovingsring of een horloge, in Amsterdam of Rotterdam.', en: 'Choose your own time for advice on an engagement ring or a watch, in Amsterdam or Rotterdam.' }, subject: { nl: 'een afspraak', en: 'an appointment' }, tags: ['boutique', 'engagement-rings'], picture: ['boutique', 'marble'], related: jewel('Engagement ring') },
  // Watches
  { key: 'speedmaster-moon-and-beyond', category: 'watches', title: { nl: 'De Speedmaster: van de maan tot uw pols', en: 'The Speedmaster: from the moon to your wrist' }, excerpt: { nl: 'Waarom een handopwindende chronograaf uit de jaren zestig nog altijd tot de verbeelding spreekt.', en: 'Why a hand-wound chronograph from the sixties still captures the imagination.' }, subject: { nl: 'de Speedmaster', en: 'the Speedmaster' }, tags: ['chronograph', 'history'], picture: ['dial', 'ink'], related: brand('Omega') },
  { key: 'submariner-sixty-years', category: 'watches', title: { nl: 'Zestig jaar duikhorloges in één oogopslag', en: 'Sixty years of dive watches at a glance' }, excerpt: { nl: 'Draaibare lunette, schroefkroon en lichtgevende wijzers: zo ontstond het moderne duikhorloge.', en: 'Rotating bezel, screw-down crown and luminous hands: how the modern dive watch came to be.' }, subject: { nl: 'het duikhorloge', en: 'the dive watch' }, tags: ['dive-watches', 'history'], picture: ['trio', 'navy'], related: brand('Rolex') },
  { key: 'choosing-your-first-automatic', category: 'watches', title: { nl: 'Uw eerste automatische horloge kiezen', en: 'Choosing your first automatic watch' }, excerpt: { nl: 'Waar let u op bij een eerste mechanisch horloge? Onze horlogemakers zetten het op een rij.', en: 'What should you look for in a first mechanical watch? Our watchmakers list it for you.' }, subject: { nl: 'een eerste automatisch horloge', en: 'a first automatic watch' }, tags: ['automatic', 'buying-guide'], picture: ['trio', 'forest'], related: brand('Tissot') },
  { key: 'royal-oak-octagon', category: 'watches', title: { nl: 'De achthoek die de sporthorloges veranderde', en: 'The octagon that changed sports watches' }, excerpt: { nl: 'Een stalen luxehorloge met geïntegreerde band leek ooit een gok; nu is het een genre.', en: 'A steel luxury watch with an integrated bracelet once seemed a gamble; now it is a genre.' }, subject: { nl: 'de Royal Oak', en: 'the Royal Oak' }, tags: ['history'], picture: ['dial', 'navy'], related: brand('Audemars Piguet') },
  { key: 'tank-a-century-of-elegance', category: 'watches', title: { nl: 'De Tank: een eeuw rechthoekige elegantie', en: 'The Tank: a century of rectangular elegance' }, excerpt: { nl: 'Hoe een rechthoekig horloge honderd jaar lang modern bleef.', en: 'How a rectangular watch stayed modern for a hundred years.' }, subject: { nl: 'de Tank', en: 'the Tank' }, tags: ['dress-watches', 'history'], picture: ['trio', 'cream'], related: brand('Cartier') },
  { key: 'buying-vintage-watches', category: 'watches', title: { nl: 'Vintage horloges kopen zonder spijt', en: 'Buying vintage watches without regret' }, excerpt: { nl: 'Originele wijzerplaat, eerlijke kast, recente revisie: de drie vragen die u altijd stelt.', en: 'Original dial, honest case, recent service: the three questions to always ask.' }, subject: { nl: 'een vintage horloge', en: 'a vintage watch' }, tags: ['vintage', 'buying-guide'], picture: ['movement', 'bordeaux'], related: condition('Vintage') },
  { key: 'pre-owned-value', category: 'watches', title: { nl: 'Waarom tweedehands vaak de slimste keuze is', en: 'Why pre-owned is often the smartest choice' }, excerpt: { nl: 'Afschrijving, beschikbaarheid en zekerheid: de voordelen van een gecontroleerd tweedehands horloge.', en: 'Depreciation, availability and certainty: the advantages of a checked pre-owned watch.' }, subject: { nl: 'een tweedehands horloge', en: 'a pre-owned watch' }, tags: ['pre-owned', 'buying-guide'], picture: ['trio', 'ink'], related: condition('Pre-owned') },
  { key: 'spring-drive-explained', category: 'watches', title: { nl: 'Spring Drive uitgelegd: de glijdende secondewijzer', en: 'Spring Drive explained: the gliding seconds hand' }, excerpt: { nl: 'Een uurwerk met een veer als motor en een kwartskristal als rem: zo werkt het.', en: 'A movement with a spring for a motor and a quartz crystal as its brake: this is how it works.' }, subject: { nl: 'Spring Drive', en: 'Spring Drive' }, tags: ['automatic'], picture: ['dial', 'forest'], related: brand('Grand Seiko') },
  { key: 'pilot-watches-legibility', category: 'watches', title: { nl: 'Pilotenhorloges: leesbaarheid boven alles', en: 'Pilot watches: legibility above all' }, excerpt: { nl: 'Grote cijfers, een zwarte wijzerplaat en een kroon die u met handschoenen bedient.', en: 'Large numerals, a black dial and a crown you can work with gloves on.' }, subject: { nl: 'het pilotenhorloge', en: 'the pilot watch' }, tags: ['history'], picture: ['dial', 'sand'], related: brand('IWC') },
  // Diamonds & gems
  { key: 'four-cs-in-practice', category: 'gems', title: { nl: 'De vier C’s in de praktijk', en: 'The four Cs in practice' }, excerpt: { nl: 'Slijpkwaliteit, kleur, zuiverheid en karaat: waar u op bespaart en waar niet.', en: 'Cut, colour, clarity and carat: where to save and where not to.' }, subject: { nl: 'diamanten', en: 'diamonds' }, tags: ['diamonds', 'buying-guide'], picture: ['diamonds', 'ink'], related: { category: 'diamonds/brilliant-cut' } },
  { key: 'fancy-cuts-guide', category: 'gems', title: { nl: 'Ovaal, peer of smaragd: fancy slijpvormen', en: 'Oval, pear or emerald: fancy cuts' }, excerpt: { nl: 'Een andere slijpvorm geeft een diamant een heel ander karakter. Een gids.', en: 'Another cut gives a diamond an entirely different character. A guide.' }, subject: { nl: 'fancy slijpvormen', en: 'fancy cuts' }, tags: ['diamonds'], picture: ['diamonds', 'marble'], related: { category: 'diamonds/fancy-cuts' } },
  { key: 'sapphire-beyond-blue', category: 'gems', title: { nl: 'Saffier: veel meer dan blauw', en: 'Sapphire: far more than blue' }, excerpt: { nl: 'Roze, geel, groen of padparadscha: de vele kleuren van de saffier.', en: 'Pink, yellow, green or padparadscha: the many colours of sapphire.' }, subject: { nl: 'saffieren', en: 'sapphires' }, tags: ['coloured-gems'], picture: ['gems', 'navy'], related: gem('Sapphire', 'gem-stones') },
  { key: 'emerald-gardens', category: 'gems', title: { nl: 'Smaragden en hun tuinen', en: 'Emeralds and their gardens' }, excerpt: { nl: 'Waarom insluitsels bij een smaragd bij de steen horen, en hoe u er zuinig op bent.', en: 'Why inclusions belong to an emerald, and how to look after one.' }, subject: { nl: 'smaragden', en: 'emeralds' }, tags: ['coloured-gems'], picture: ['gems', 'forest'], related: gem('Emerald', 'gem-stones') },
  { key: 'ruby-colour-of-passion', category: 'gems', title: { nl: 'Robijn: de kleur van passie', en: 'Ruby: the colour of passion' }, excerpt: { nl: 'Wat een robijn kostbaar maakt, en waarom de mooiste stenen zelden groot zijn.', en: 'What makes a ruby precious, and why the finest stones are rarely large.' }, subject: { nl: 'robijnen', en: 'rubies' }, tags: ['coloured-gems'], picture: ['gems', 'bordeaux'], related: gem('Ruby', 'gem-stones') },
  { key: 'choosing-an-engagement-ring', category: 'gems', title: { nl: 'Een verlovingsring kiezen, stap voor stap', en: 'Choosing an engagement ring, step by step' }, excerpt: { nl: 'Budget, slijpvorm, metaal en maat: zo komt u zonder stress tot de juiste ring.', en: 'Budget, cut, metal and size: how to find the right ring without stress.' }, subject: { nl: 'een verlovingsring', en: 'an engagement ring' }, tags: ['engagement-rings', 'diamonds', 'buying-guide'], picture: ['jewellery', 'cream'], related: { category: 'jewellery/rings/engagement-rings' } },
  { key: 'lab-reports-read', category: 'gems', title: { nl: 'Zo leest u een diamantcertificaat', en: 'How to read a diamond report' }, excerpt: { nl: 'Van proporties tot fluorescentie: wat er op een certificaat staat en wat het betekent.', en: 'From proportions to fluorescence: what a report says and what it means.' }, subject: { nl: 'een certificaat', en: 'a certificate' }, tags: ['diamonds'], picture: ['diamonds', 'sand'], related: { category: 'diamonds' } },
  { key: 'coloured-diamonds', category: 'gems', title: { nl: 'Gekleurde diamanten: geel, roze en meer', en: 'Coloured diamonds: yellow, pink and more' }, excerpt: { nl: 'Zeldzame kleuren, natuurlijk ontstaan: een kennismaking met fancy coloured diamanten.', en: 'Rare colours, formed by nature: an introduction to fancy coloured diamonds.' }, subject: { nl: 'gekleurde diamanten', en: 'coloured diamonds' }, tags: ['diamonds', 'coloured-gems'], picture: ['diamonds', 'bordeaux'], related: { category: 'diamonds/coloured' } },
  { key: 'tennis-bracelet-classic', category: 'gems', title: { nl: 'De tennisarmband, een klassieker', en: 'The tennis bracelet, a classic' }, excerpt: { nl: 'Een rij gelijke diamanten in een soepele band: waarom hij nooit uit de mode raakt.', en: 'A row of matched diamonds in a supple band: why it never goes out of style.' }, subject: { nl: 'de tennisarmband', en: 'the tennis bracelet' }, tags: ['diamonds', 'gifts'], picture: ['jewellery', 'navy'], related: jewel('Tennis bracelet') },
  // Care & service
  { key: 'when-to-service-your-watch', category: 'care', title: { nl: 'Wanneer heeft uw horloge een revisie nodig?', en: 'When does your watch need a service?' }, excerpt: { nl: 'De signalen van een uurwerk dat aandacht vraagt, en wat een revisie kost.', en: 'The signs of a movement that needs attention, and what a service costs.' }, subject: { nl: 'uw horloge', en: 'your watch' }, tags: ['servicing'], picture: ['movement', 'ink'], related: { category: 'watches/accessories/watch-winders' } },
  { key: 'water-resistance-myths', category: 'care', title: { nl: 'Waterdicht? Vijf misverstanden', en: 'Water resistant? Five misunderstandings' }, excerpt: { nl: 'Wat 10 bar werkelijk betekent, en waarom u ook een duikhorloge laat testen.', en: 'What 10 bar really means, and why even a dive watch should be tested.' }, subject: { nl: 'een waterdicht horloge', en: 'a water-resistant watch' }, tags: ['servicing', 'dive-watches'], picture: ['trio', 'navy'], related: brand('Tudor') },
  { key: 'changing-straps', category: 'care', title: { nl: 'Een andere band, een ander horloge', en: 'A different strap, a different watch' }, excerpt: { nl: 'Leer, rubber of textiel: zo kiest u een band die past bij uw horloge en uw dag.', en: 'Leather, rubber or textile: how to pick a strap that suits your watch and your day.' }, subject: { nl: 'een nieuwe band', en: 'a new strap' }, tags: ['straps'], picture: ['atelier', 'sand'], related: { category: 'watches/accessories/straps' } },
  { key: 'watch-winders-worth-it', category: 'care', title: { nl: 'Is een horlogeopwinder de moeite waard?', en: 'Is a watch winder worth it?' }, excerpt: { nl: 'Voor wie meerdere automatische horloges draagt, of een complicatie met kalender.', en: 'For those who wear several automatic watches, or a calendar complication.' }, subject: { nl: 'een horlogeopwinder', en: 'a watch winder' }, tags: ['watch-winders', 'automatic'], picture: ['atelier', 'ink'], related: { category: 'watches/accessories/watch-winders' } },
  { key: 'cleaning-jewellery-at-home', category: 'care', title: { nl: 'Sieraden thuis schoonmaken', en: 'Cleaning jewellery at home' }, excerpt: { nl: 'Met lauw water en een zachte borstel komt u een heel eind; dit laat u liever aan ons over.', en: 'Lukewarm water and a soft brush go a long way; this you had better leave to us.' }, subject: { nl: 'uw sieraden', en: 'your jewellery' }, tags: ['gold'], picture: ['jewellery', 'marble'], related: jewel('Ring') },
  { key: 'pearls-care', category: 'care', title: { nl: 'Parels: de kwetsbaarste edelsteen', en: 'Pearls: the most delicate gem' }, excerpt: { nl: 'Parels hebben andere zorg nodig dan diamanten. Zo blijven ze glanzen.', en: 'Pearls need different care from diamonds. This keeps them lustrous.' }, subject: { nl: 'parels', en: 'pearls' }, tags: ['pearls'], picture: ['gems', 'sand'], related: jewel('Pearl necklace') },
  { key: 'magnetism-and-your-watch', category: 'care', title: { nl: 'Magnetisme: de onzichtbare vijand van uw horloge', en: 'Magnetism: your watch’s invisible enemy' }, excerpt: { nl: 'Loopt uw horloge ineens minuten voor? Dan is het misschien gemagnetiseerd.', en: 'Is your watch suddenly minutes fast? It may have been magnetised.' }, subject: { nl: 'een gemagnetiseerd horloge', en: 'a magnetised watch' }, tags: ['servicing'], picture: ['dial', 'ink'], related: brand('Omega') },
  { key: 'ring-resizing', category: 'care', title: { nl: 'Een ring laten vergroten of verkleinen', en: 'Having a ring resized' }, excerpt: { nl: 'Wat kan wel en wat niet, en waarom een alliance-ring een uitzondering is.', en: 'What can and cannot be done, and why an eternity ring is an exception.' }, subject: { nl: 'uw ring', en: 'your ring' }, tags: ['workshop', 'engagement-rings'], picture: ['jewellery', 'sand'], related: jewel('Wedding band') },
  { key: 'insurance-valuation', category: 'care', title: { nl: 'Een taxatie voor uw verzekering', en: 'A valuation for your insurance' }, excerpt: { nl: 'Waarom een actuele taxatie loont en wat er in een taxatierapport staat.', en: 'Why an up-to-date valuation pays off and what a valuation report contains.' }, subject: { nl: 'een taxatie', en: 'a valuation' }, tags: ['workshop'], picture: ['diamonds', 'cream'], related: { category: 'diamonds' } },
  // Stories
  { key: 'grandfathers-watch', category: 'stories', title: { nl: 'Het horloge van grootvader', en: 'Grandfather’s watch' }, excerpt: { nl: 'Een handopwindend horloge uit 1962 tikt weer, dankzij zes weken werk in ons atelier.', en: 'A hand-wound watch from 1962 ticks again, thanks to six weeks of work in our workshop.' }, subject: { nl: 'dit horloge', en: 'this watch' }, tags: ['vintage', 'workshop'], picture: ['movement', 'sand'], related: condition('Vintage') },
  { key: 'a-ring-reborn', category: 'stories', title: { nl: 'Een ring, opnieuw geboren', en: 'A ring reborn' }, excerpt: { nl: 'De diamant uit een oude ring kreeg een nieuwe zetting, en een nieuw verhaal.', en: 'The diamond from an old ring was given a new setting, and a new story.' }, subject: { nl: 'deze ring', en: 'this ring' }, tags: ['engagement-rings', 'workshop'], picture: ['jewellery', 'bordeaux'], related: jewel('Engagement ring') },
  { key: 'a-day-at-the-bench', category: 'stories', title: { nl: 'Een dag aan de werkbank', en: 'A day at the bench' }, excerpt: { nl: 'Van de eerste koffie tot de laatste gangmeting: een dag met een van onze horlogemakers.', en: 'From the first coffee to the last timing check: a day with one of our watchmakers.' }, subject: { nl: 'het werk aan de bank', en: 'the work at the bench' }, tags: ['workshop', 'servicing'], picture: ['atelier', 'forest'], related: { category: 'watches/accessories/straps' } },
  { key: 'the-goldsmiths-hands', category: 'stories', title: { nl: 'De handen van de edelsmid', en: 'The goldsmith’s hands' }, excerpt: { nl: 'Hoe een ontwerp op papier een ring wordt: gieten, vijlen, zetten en polijsten.', en: 'How a design on paper becomes a ring: casting, filing, setting and polishing.' }, subject: { nl: 'het edelsmeedwerk', en: 'the goldsmith’s work' }, tags: ['workshop', 'gold'], picture: ['jewellery', 'ink'], related: jewel('Eternity ring') },
  { key: 'a-watch-for-a-birth', category: 'stories', title: { nl: 'Een horloge voor een geboorte', en: 'A watch for a birth' }, excerpt: { nl: 'Een vader koos een horloge uit het geboortejaar van zijn dochter, om het haar op haar achttiende te geven.', en: 'A father chose a watch from his daughter’s birth year, to give her on her eighteenth birthday.' }, subject: { nl: 'zo’n horloge', en: 'such a watch' }, tags: ['gifts', 'vintage'], picture: ['dial', 'cream'], related: condition('Pre-owned') },
  { key: 'from-mine-to-ring', category: 'stories', title: { nl: 'Van mijn tot ring', en: 'From mine to ring' }, excerpt: { nl: 'De reis van een diamant: delven, sorteren, slijpen, certificeren en zetten.', en: 'The journey of a diamond: mining, sorting, cutting, certifying and setting.' }, subject: { nl: 'een diamant', en: 'a diamond' }, tags: ['diamonds'], picture: ['diamonds', 'forest'], related: jewel('Engagement ring') },
  { key: 'the-collector', category: 'stories', title: { nl: 'De verzamelaar', en: 'The collector' }, excerpt: { nl: 'Veertig jaar verzamelen, drie regels: koop wat u mooi vindt, koop origineel, en draag het.', en: 'Forty years of collecting, three rules: buy what you love, buy original, and wear it.' }, subject: { nl: 'een verzameling', en: 'a collection' }, tags: ['vintage', 'history'], picture: ['trio', 'bordeaux'], related: condition('Vintage') },
  { key: 'wedding-bands-together', category: 'stories', title: { nl: 'Samen trouwringen uitkiezen', en: 'Choosing wedding bands together' }, excerpt: { nl: 'Twee smaken, één paar: hoe een stel tot twee ringen kwam die bij elkaar horen.', en: 'Two tastes, one pair: how a couple arrived at two rings that belong together.' }, subject: { nl: 'trouwringen', en: 'wedding bands' }, tags: ['gold', 'engagement-rings'], picture: ['jewellery', 'marble'], related: { category: 'jewellery/rings/wedding-bands' } },
  { key: 'the-patina-question', category: 'stories', title: { nl: 'De kwestie van patina', en: 'The patina question' }, excerpt: { nl: 'Opknappen of laten zoals het is? Waarom wij een vintage wijzerplaat zelden restaureren.', en: 'Restore or leave as it is? Why we rarely restore a vintage dial.' }, subject: { nl: 'patina', en: 'patina' }, tags: ['vintage', 'workshop'], picture: ['dial', 'bordeaux'], related: condition('Vintage') },
];

const AUTHORS = ['Marieke van Dam', 'Joris Verbeek', 'Eline Bakker', 'Thomas Hendriks', 'Noor Jansen'] as const;
const AUTHOR_BY_CATEGORY: Record<MagazineCategoryKey, readonly number[]> = { news: [2], watches: [0, 3], gems: [1, 4], care: [3, 0], stories: [2, 4, 1] };

/** Two years of publication: from 1 June 2024 to the end of May 2026. */
const FIRST_DAY = Date.UTC(2024, 5, 1);
const LAST_DAY = Date.UTC(2026, 4, 28);

export function magazineCategories(): BlogCategoryInput[] {
  return MAGAZINE_CATEGORIES.flatMap((c, index) => STORES.map((store): BlogCategoryInput => ({ store, slug: c.slug[store], content_key: c.key, name: c.name[store], description: c.description[store], position: index + 1 })));
}

export function magazineTags(): BlogTagInput[] {
  return Object.entries(TAGS).flatMap(([key, name]) => STORES.map((store): BlogTagInput => ({ store, slug: tagSlug(key, store), name: name[store] })));
}

const fill = (text: string, subject: string) => {
  const filled = text.replace(/\{subject\}/g, subject);
  return filled.charAt(0).toUpperCase() + filled.slice(1);
};

function pickRelated(facts: CatalogueFacts, related: Related, random: Random): string[] {
  let pool: readonly SourceProduct[] = facts.inCategory(related.category);
  if (related.option) {
    const narrowed = facts.withOption(related.option[0], related.option[1], pool);
    if (narrowed.length > 0) pool = narrowed;
  }
  return random.sample(pool, Math.min(4, pool.length)).map((product) => product.sku);
}

function body(spec: PostSpec, store: StoreCode, random: Random): string {
  const copy = CATEGORY_COPY[spec.category][store];
  const subject = spec.subject[store];
  const paragraphs = random.sample(copy.paragraphs, copy.paragraphs.length);
  const headings = random.sample(copy.headings, 3);
  const general = random.sample(GENERAL_COPY[store], 4);
  // The post page shows the excerpt and the picture above the body already: the body starts with its story.
  const sections: string[] = [];
  const perSection = Math.ceil(paragraphs.length / 3);
  for (let s = 0; s < 3; s++) {
    const part = paragraphs.slice(s * perSection, (s + 1) * perSection);
    if (part.length === 0) continue;
    sections.push(h2(headings[s] ?? ''), ...part.map((text) => p(fill(text, subject))));
    if (s === 1 && random.chance(0.5)) sections.push(quote(random.pick(QUOTES[store])));
  }
  sections.push(...general.map((text) => p(fill(text, subject))));
  return html(...sections);
}

/** Publication times: spread evenly over two years in an order that mixes the categories, at a working-day hour. */
function publicationDates(random: Random): Map<string, string> {
  const byCategory = MAGAZINE_CATEGORIES.map((c) => POSTS.filter((post) => post.category === c.key));
  const order: PostSpec[] = [];
  for (let round = 0; order.length < POSTS.length; round++) for (const list of byCategory) if (list[round]) order.push(list[round]!);
  const step = (LAST_DAY - FIRST_DAY) / (order.length - 1);
  return new Map(
    order.map((post, index) => {
      const day = FIRST_DAY + Math.round((index * step) / 86_400_000) * 86_400_000;
      const at = new Date(day + random.int(7, 15) * 3_600_000 + random.pick([0, 15, 30, 45]) * 60_000);
      return [post.key, at.toISOString().replace('.000Z', 'Z')];
    }),
  );
}

export interface Magazine {
  categories: BlogCategoryInput[];
  tags: BlogTagInput[];
  posts: BlogPostInput[];
}

export function generateMagazine(facts: CatalogueFacts, seed: number): Magazine {
  const dates = publicationDates(new Random(seed));
  const posts: BlogPostInput[] = [];
  for (const [index, spec] of POSTS.entries()) {
    const random = new Random(seed + index * 7919);
    const picture = contentPictureName({ scene: spec.picture[0], backdrop: spec.picture[1], n: 1 + (index % 3) });
    const related = pickRelated(facts, spec.related, random);
    const authorChoices = AUTHOR_BY_CATEGORY[spec.category];
    const author = AUTHORS[authorChoices[index % authorChoices.length] ?? 0] ?? AUTHORS[0];
    const category = MAGAZINE_CATEGORIES.find((c) => c.key === spec.category)!;
    for (const store of STORES) {
      posts.push({
        store,
        slug: store === 'en' ? spec.key : slugify(spec.title.nl),
        content_key: spec.key,
        title: spec.title[store],
        excerpt: spec.excerpt[store],
        body: body(spec, store, new Random(seed + index * 7919 + (store === 'nl' ? 1 : 2))),
        author,
        published_at: dates.get(spec.key)!,
        image: picture,
        categories: [category.slug[store]],
        tags: spec.tags.map((tag) => tagSlug(tag, store)),
        related_skus: related,
        active: true,
      });
    }
  }
  return { categories: magazineCategories(), tags: magazineTags(), posts };
}
