/**
 * The six service pages of spec 2 §2 (About us, Customer service, Legal notice, Privacy policy, Return policy, Terms
 * and conditions) in Dutch (formal "u") and English, linked by `content_key`, and the hierarchy that lists them.
 */
import type { CmsHierarchyInput, CmsPageInput } from '@shop/shared/content/content.schema';
import { SHOP_COMPANY_DEFAULTS } from '../../../config.ts';
import { DEMO_BOUTIQUES } from '../../../features/boutiques/boutiques-seed.ts';
import { figure, h2, html, p, table, ul } from './html.ts';

interface ServicePage {
  key: string;
  image: string;
  nl: { identifier: string; title: string; description: string; content: string };
  en: { identifier: string; title: string; description: string; content: string };
}

const [amsterdam, rotterdam] = DEMO_BOUTIQUES;
const address = (b: (typeof DEMO_BOUTIQUES)[number] | undefined) => (b ? `${b.name}, ${b.street}, ${b.zip} ${b.city}, ${b.phone}` : '');

// The demo company: the defaults of the operator's settings (config.ts), which the footer shows.
const [street, city] = SHOP_COMPANY_DEFAULTS.address.split(', ');
const COMPANY = {
  name: SHOP_COMPANY_DEFAULTS.name,
  street,
  city,
  kvk: SHOP_COMPANY_DEFAULTS.kvk,
  vat: SHOP_COMPANY_DEFAULTS.vatId,
  email: 'service@horloge-diamant.example',
  phone: SHOP_COMPANY_DEFAULTS.phone,
};

export const SERVICE_PAGES: readonly ServicePage[] = [
  {
    key: 'about-us',
    image: 'boutique-cream-1.svg',
    nl: {
      identifier: 'over-ons',
      title: 'Over ons',
      description: 'Horloge & Diamant: horlogemakers en edelsmeden in Amsterdam en Rotterdam. Nieuwe, tweedehands en vintage horloges, diamanten en sieraden.',
      content: html(
        p('Horloge & Diamant is een familiebedrijf van horlogemakers en edelsmeden. Wat in een klein atelier begon met het reviseren van uurwerken voor buurtbewoners, is uitgegroeid tot twee boutiques en een webwinkel waar u nieuwe, tweedehands en vintage horloges, losse diamanten, edelstenen en sieraden vindt.'),
        figure('boutique-cream-1.svg', 'Drie etalages met een horloge, een collier en een ring', 'Onze etalages in de P.C. Hooftstraat.'),
        h2('Vakmanschap in eigen huis'),
        p('Elk horloge dat wij verkopen, gaat eerst over de werkbank van onze eigen horlogemakers. Zij controleren de gang op de timegrapher, meten de waterdichtheid en beoordelen kast, wijzerplaat en band. Een tweedehands of vintage horloge krijgt bij ons een volledige technische inspectie en, waar nodig, een revisie met originele onderdelen. Daarom geven wij op elk tweedehands horloge **twee jaar garantie**.'),
        p('In ons atelier zetten onze edelsmeden diamanten en edelstenen, passen zij ringen aan en maken zij sieraden op maat. Losse diamanten worden geleverd met een certificaat van een onafhankelijk gemmologisch laboratorium, zodat u precies weet wat u koopt.'),
        h2('Onze boutiques'),
        p('U bent van harte welkom in onze boutiques in Amsterdam en Rotterdam. Neem de tijd, probeer gerust een horloge om of laat u adviseren over een verlovingsring. Voor een rustig gesprek kunt u [een afspraak maken](/nl/afspraak-maken); de openingstijden vindt u bij [onze winkels](/nl/store-locator).'),
        ul([address(amsterdam), address(rotterdam)]),
        h2('Waar wij voor staan'),
        ul([
          '**Eerlijk advies**: wij adviseren wat bij u past, ook als dat een eenvoudiger horloge is.',
          '**Zekerheid**: echtheid gegarandeerd, met garantie en een heldere [retourregeling](/nl/i/retourbeleid).',
          '**Zorg na aankoop**: onderhoud, bandwissels en revisies in ons eigen atelier.',
          '**Inruil**: uw huidige horloge neemt u mee bij [inruil of verkoop](/nl/ruil-uw-horloge-in-bij-ace).',
        ]),
        p('Heeft u een vraag? Onze [klantenservice](/nl/i/klantenservice) helpt u graag, per e-mail, telefoon of in de winkel.'),
      ),
    },
    en: {
      identifier: 'about-us',
      title: 'About us',
      description: 'Horloge & Diamant: watchmakers and goldsmiths in Amsterdam and Rotterdam. New, pre-owned and vintage watches, diamonds and jewellery.',
      content: html(
        p('Horloge & Diamant is a family business of watchmakers and goldsmiths. What began in a small workshop servicing movements for the neighbourhood has grown into two boutiques and an online shop where you will find new, pre-owned and vintage watches, loose diamonds, gem stones and jewellery.'),
        figure('boutique-cream-1.svg', 'Three shop windows showing a watch, a necklace and a ring', 'Our windows on the P.C. Hooftstraat.'),
        h2('Craftsmanship under our own roof'),
        p('Every watch we sell first passes over the bench of our own watchmakers. They check its rate on the timing machine, test its water resistance and assess the case, dial and bracelet. A pre-owned or vintage watch receives a full technical inspection and, where needed, a service with original parts. That is why every pre-owned watch comes with **a two-year warranty**.'),
        p('In our workshop our goldsmiths set diamonds and gem stones, resize rings and make jewellery to order. Loose diamonds come with a certificate from an independent gemmological laboratory, so you know exactly what you are buying.'),
        h2('Our boutiques'),
        p('You are very welcome in our boutiques in Amsterdam and Rotterdam. Take your time, try a watch on or let us advise you on an engagement ring. For a quiet conversation you can [make an appointment](/en/make-an-appointment); opening hours are on [our stores page](/en/store-locator).'),
        ul([address(amsterdam), address(rotterdam)]),
        h2('What we stand for'),
        ul([
          '**Honest advice**: we recommend what suits you, even when that is a simpler watch.',
          '**Certainty**: authenticity guaranteed, with a warranty and a clear [return policy](/en/i/return-policy).',
          '**Care after purchase**: servicing, strap changes and overhauls in our own workshop.',
          '**Trade-in**: bring your current watch when you [trade in or sell your watch](/en/trade-in-or-sell-your-watch).',
        ]),
        p('Any questions? Our [customer service](/en/i/customer-service) is glad to help by e-mail, by phone or in store.'),
      ),
    },
  },
  {
    key: 'customer-service',
    image: 'atelier-sand-1.svg',
    nl: {
      identifier: 'klantenservice',
      title: 'Klantenservice',
      description: 'Vragen over uw bestelling, levering, betaling, garantie of onderhoud? Zo bereikt u de klantenservice van Horloge & Diamant.',
      content: html(
        p('Wij helpen u graag, voor én na uw aankoop. Hieronder vindt u antwoorden op de meest gestelde vragen. Staat uw vraag er niet tussen, neem dan [contact](/nl/contacts) met ons op.'),
        h2('Bereikbaarheid'),
        ul([`E-mail: ${COMPANY.email} (antwoord binnen één werkdag)`, `Telefoon: ${COMPANY.phone}, maandag tot en met zaterdag van 10.00 tot 17.00 uur`, 'In de winkel: zie [onze winkels](/nl/store-locator) voor adressen en openingstijden']),
        h2('Bestellen en betalen'),
        p('U bestelt als gast of met een account. Met een account ziet u uw bestellingen, adressen en verlanglijst terug onder Mijn account. U betaalt veilig met iDEAL, creditcard of bankoverschrijving; bij afhalen in de winkel kunt u ook ter plaatse pinnen. Een bestelling die u zonder verbinding plaatst, wordt verstuurd zodra u weer online bent.'),
        h2('Verzending'),
        p('Wij verzenden naar Nederland, Duitsland, Italië en de Verenigde Staten. Bestellingen binnen Nederland worden verzekerd en discreet verpakt geleverd, doorgaans binnen één tot twee werkdagen. Horloges en sieraden boven € 2.500 worden alleen tegen handtekening afgeleverd. U kunt uw bestelling ook kosteloos afhalen in Amsterdam of Rotterdam.'),
        h2('Garantie en onderhoud'),
        p('Nieuwe horloges hebben de garantie van de fabrikant. Op tweedehands en vintage horloges geven wij twee jaar eigen garantie. Voor onderhoud, een nieuwe band, een batterij of het inkorten van een schakelband bent u welkom in ons atelier; een volledige revisie duurt gemiddeld vier tot zes weken.'),
        h2('Ruilen en retourneren'),
        p('U heeft 14 dagen bedenktijd. Lees hoe het werkt in ons [retourbeleid](/nl/i/retourbeleid).'),
        h2('Inruilen of verkopen'),
        p('Wilt u uw horloge inruilen of verkopen? Vul het formulier in op [inruilen of verkopen](/nl/ruil-uw-horloge-in-bij-ace); u ontvangt binnen twee werkdagen een eerste voorstel.'),
      ),
    },
    en: {
      identifier: 'customer-service',
      title: 'Customer service',
      description: 'Questions about your order, delivery, payment, warranty or servicing? How to reach Horloge & Diamant customer service.',
      content: html(
        p('We are glad to help, before and after your purchase. Below are the answers to the questions we hear most. If yours is not among them, please [contact us](/en/contacts).'),
        h2('How to reach us'),
        ul([`E-mail: ${COMPANY.email} (reply within one working day)`, `Phone: ${COMPANY.phone}, Monday to Saturday from 10:00 to 17:00`, 'In store: see [our stores](/en/store-locator) for addresses and opening hours']),
        h2('Ordering and payment'),
        p('You can order as a guest or with an account. With an account you will find your orders, addresses and wishlist under My account. Pay securely with iDEAL, credit card or bank transfer; when you collect in store you can also pay by card there. An order placed without a connection is sent as soon as you are back online.'),
        h2('Delivery'),
        p('We ship to the Netherlands, Germany, Italy and the United States. Orders within the Netherlands are insured and discreetly packed, and usually arrive within one to two working days. Watches and jewellery over €2,500 are only handed over against a signature. You can also collect your order free of charge in Amsterdam or Rotterdam.'),
        h2('Warranty and servicing'),
        p('New watches carry the manufacturer’s warranty. Pre-owned and vintage watches carry our own two-year warranty. For servicing, a new strap, a battery or shortening a bracelet you are welcome in our workshop; a full service takes four to six weeks on average.'),
        h2('Exchanges and returns'),
        p('You have 14 days to change your mind. Read how it works in our [return policy](/en/i/return-policy).'),
        h2('Trade-in or sale'),
        p('Would you like to trade in or sell your watch? Fill in the form on [trade in or sell your watch](/en/trade-in-or-sell-your-watch); you will receive a first offer within two working days.'),
      ),
    },
  },
  {
    key: 'legal-notice',
    image: 'dial-ink-1.svg',
    nl: {
      identifier: 'juridische-informatie',
      title: 'Juridische informatie',
      description: 'Bedrijfsgegevens, inschrijving bij de Kamer van Koophandel en btw-nummer van Horloge & Diamant B.V.',
      content: html(
        p('Deze webwinkel wordt beheerd door:'),
        ul([`**${COMPANY.name}**`, `${COMPANY.street}, ${COMPANY.city}, Nederland`, `KvK-nummer: ${COMPANY.kvk}`, `Btw-identificatienummer: ${COMPANY.vat}`, `E-mail: ${COMPANY.email}`, `Telefoon: ${COMPANY.phone}`]),
        h2('Merken'),
        p('De merknamen van de horloges en sieraden die wij aanbieden zijn eigendom van hun respectievelijke houders. Horloge & Diamant is een onafhankelijke juwelier; tenzij uitdrukkelijk vermeld zijn wij geen officieel dealer van een merk. Tweedehands en vintage horloges worden door ons zelf op echtheid en staat gecontroleerd.'),
        h2('Inhoud van deze website'),
        p('Wij stellen de informatie op deze website met zorg samen. Prijzen, voorraad en specificaties kunnen echter wijzigen; de bevestiging van uw bestelling is leidend. Afbeeldingen zijn illustraties en kunnen afwijken van het geleverde product, met name bij vintage stukken met gebruikssporen.'),
        h2('Intellectueel eigendom'),
        p('Teksten, afbeeldingen en vormgeving van deze website zijn eigendom van Horloge & Diamant B.V. Overname is zonder voorafgaande schriftelijke toestemming niet toegestaan.'),
        h2('Geschillen'),
        p('Komen wij er samen niet uit, dan kunt u uw klacht voorleggen aan het Europese ODR-platform voor online geschillenbeslechting. Op deze website en onze [algemene voorwaarden](/nl/i/algemene-voorwaarden) is Nederlands recht van toepassing.'),
      ),
    },
    en: {
      identifier: 'legal-notice',
      title: 'Legal notice',
      description: 'Company details, Chamber of Commerce registration and VAT number of Horloge & Diamant B.V.',
      content: html(
        p('This online shop is operated by:'),
        ul([`**${COMPANY.name}**`, `${COMPANY.street}, ${COMPANY.city}, the Netherlands`, `Chamber of Commerce (KvK) number: ${COMPANY.kvk}`, `VAT identification number: ${COMPANY.vat}`, `E-mail: ${COMPANY.email}`, `Phone: ${COMPANY.phone}`]),
        h2('Brands'),
        p('The brand names of the watches and jewellery we offer belong to their respective owners. Horloge & Diamant is an independent jeweller; unless stated otherwise we are not an official dealer of any brand. Pre-owned and vintage watches are checked for authenticity and condition by our own watchmakers.'),
        h2('Content of this website'),
        p('We compile the information on this website with care. Prices, stock and specifications may change, however; your order confirmation prevails. Pictures are illustrations and may differ from the product delivered, especially for vintage pieces with signs of wear.'),
        h2('Intellectual property'),
        p('The texts, pictures and design of this website belong to Horloge & Diamant B.V. They may not be reproduced without our prior written consent.'),
        h2('Disputes'),
        p('If we cannot resolve a complaint together, you may submit it to the European ODR platform for online dispute resolution. Dutch law applies to this website and to our [terms and conditions](/en/i/terms-and-conditions).'),
      ),
    },
  },
  {
    key: 'privacy-policy',
    image: 'movement-ink-1.svg',
    nl: {
      identifier: 'privacybeleid',
      title: 'Privacybeleid',
      description: 'Welke persoonsgegevens Horloge & Diamant verwerkt, waarom, hoe lang wij ze bewaren en welke rechten u heeft (AVG).',
      content: html(
        p(`${COMPANY.name} is verantwoordelijk voor de verwerking van uw persoonsgegevens zoals beschreven in dit privacybeleid. Wij verwerken niet meer gegevens dan nodig en verkopen uw gegevens nooit aan derden.`),
        h2('Welke gegevens wij verwerken'),
        ul(['Naam, adres, e-mailadres en telefoonnummer, om uw bestelling te leveren en contact met u op te nemen;', 'Bestel- en betaalgegevens, om uw bestelling af te handelen en aan onze wettelijke administratieplicht te voldoen;', 'Uw account, verlanglijst en vergelijkingslijst, als u een account aanmaakt;', 'Gegevens die u invult in het contact-, afspraak- of inruilformulier, om uw vraag te beantwoorden;', 'Uw e-mailadres voor de nieuwsbrief, alleen als u zich daarvoor aanmeldt.']),
        h2('Bewaartermijnen'),
        p('Bestel- en factuurgegevens bewaren wij zeven jaar, zoals de fiscale wet voorschrijft. Berichten via onze formulieren bewaren wij niet langer dan nodig om uw vraag af te handelen. Uw account blijft bestaan tot u het laat verwijderen.'),
        h2('Gegevens op uw apparaat'),
        p('Onze webwinkel werkt ook zonder verbinding. Daarvoor bewaart uw browser uw winkelwagen, verlanglijst en recent bekeken producten op uw eigen apparaat. Wij gebruiken geen advertentiecookies en volgen u niet over andere websites.'),
        h2('Delen met anderen'),
        p('Wij delen gegevens alleen met partijen die nodig zijn om uw bestelling uit te voeren: de betaaldienst en de vervoerder. Met hen hebben wij afspraken gemaakt over de beveiliging en vertrouwelijkheid van uw gegevens.'),
        h2('Uw rechten'),
        p(`Op grond van de AVG heeft u het recht op inzage, correctie, verwijdering en overdraagbaarheid van uw gegevens, en het recht bezwaar te maken. Stuur uw verzoek naar ${COMPANY.email}; wij reageren binnen een maand. U kunt ook een klacht indienen bij de Autoriteit Persoonsgegevens.`),
      ),
    },
    en: {
      identifier: 'privacy-policy',
      title: 'Privacy policy',
      description: 'Which personal data Horloge & Diamant processes, why, how long we keep it and what your rights are (GDPR).',
      content: html(
        p(`${COMPANY.name} is responsible for processing your personal data as described in this privacy policy. We process no more data than we need and we never sell your data to third parties.`),
        h2('The data we process'),
        ul(['Name, address, e-mail address and phone number, to deliver your order and contact you;', 'Order and payment details, to handle your order and meet our legal bookkeeping duties;', 'Your account, wishlist and compare list, if you create an account;', 'What you enter in the contact, appointment or trade-in form, to answer your request;', 'Your e-mail address for the newsletter, only if you sign up for it.']),
        h2('How long we keep it'),
        p('We keep order and invoice data for seven years, as tax law requires. Messages sent through our forms are kept no longer than needed to handle your request. Your account exists until you ask us to delete it.'),
        h2('Data on your device'),
        p('Our shop also works without a connection. For that, your browser keeps your cart, wishlist and recently viewed products on your own device. We use no advertising cookies and do not follow you across other websites.'),
        h2('Sharing with others'),
        p('We only share data with the parties needed to carry out your order: the payment service and the carrier. We have agreements with them on the security and confidentiality of your data.'),
        h2('Your rights'),
        p(`Under the GDPR you have the right to access, correct, erase and port your data, and the right to object. Send your request to ${COMPANY.email}; we reply within one month. You may also lodge a complaint with the Dutch Data Protection Authority (Autoriteit Persoonsgegevens).`),
      ),
    },
  },
  {
    key: 'return-policy',
    image: 'jewellery-cream-1.svg',
    nl: {
      identifier: 'retourbeleid',
      title: 'Retourbeleid',
      description: '14 dagen bedenktijd op uw online aankoop bij Horloge & Diamant: zo retourneert u een horloge of sieraad en zo krijgt u uw geld terug.',
      content: html(
        p('Koopt u online, dan heeft u volgens de Europese regels **14 dagen bedenktijd**. U kunt de koop binnen 14 dagen na ontvangst zonder opgave van reden ontbinden.'),
        h2('Zo werkt het'),
        ul(['Meld uw retour binnen 14 dagen na ontvangst via [klantenservice](/nl/i/klantenservice) of per e-mail, met uw bestelnummer.', 'Stuur het artikel binnen 14 dagen na uw melding terug, verzekerd en in de originele verpakking, met certificaten, garantiekaart en eventuele schakels.', 'U kunt het artikel ook terugbrengen in een van onze boutiques.', 'Wij betalen het aankoopbedrag, inclusief de standaard verzendkosten, binnen 14 dagen na uw melding terug, op dezelfde manier als u betaalde. Wij mogen wachten tot wij het artikel hebben ontvangen.']),
        h2('Voorwaarden'),
        p('Behandel het artikel zoals u dat in een winkel zou doen: passen en bekijken mag, dragen niet. Beschermfolies en veiligheidszegels moeten intact zijn; een horloge waarvan de band is ingekort, nemen wij terug met de verwijderde schakels. Is het artikel meer gebruikt dan nodig om het te beoordelen, dan kunnen wij de waardevermindering in rekening brengen.'),
        h2('Uitgezonderd'),
        ul(['Sieraden en ringen die op maat zijn gemaakt of aangepast op uw verzoek;', 'Gegraveerde artikelen;', 'Losse diamanten of edelstenen die op uw verzoek in een sieraad zijn gezet.']),
        h2('Ruilen'),
        p('Wilt u liever een andere maat of een ander model? Meld dat bij uw retour; wij reserveren het gewenste artikel voor u zolang de voorraad strekt.'),
        p('Deze regeling doet niets af aan uw wettelijke rechten en aan de [garantie](/nl/i/klantenservice) op uw aankoop.'),
      ),
    },
    en: {
      identifier: 'return-policy',
      title: 'Return policy',
      description: '14 days to change your mind on your online purchase at Horloge & Diamant: how to return a watch or jewel and get your money back.',
      content: html(
        p('When you buy online, European rules give you **14 days to change your mind**. You may cancel the purchase within 14 days of receiving it without giving a reason.'),
        h2('How it works'),
        ul(['Tell us within 14 days of receipt through [customer service](/en/i/customer-service) or by e-mail, with your order number.', 'Send the item back within 14 days of telling us, insured and in its original packaging, with certificates, warranty card and any bracelet links.', 'You can also bring the item back to one of our boutiques.', 'We refund the purchase price, including standard delivery costs, within 14 days of your notice, by the same means you paid. We may wait until we have received the item.']),
        h2('Conditions'),
        p('Handle the item as you would in a shop: trying it on and looking at it is fine, wearing it is not. Protective films and security seals must be intact; a watch whose bracelet has been shortened is taken back with the removed links. If the item was used more than needed to judge it, we may charge the loss in value.'),
        h2('Exceptions'),
        ul(['Jewellery and rings made or altered to your measure at your request;', 'Engraved items;', 'Loose diamonds or gem stones set in a jewel at your request.']),
        h2('Exchanges'),
        p('Would you rather have another size or model? Say so with your return; we will hold the item you want for you while stock lasts.'),
        p('This policy does not affect your statutory rights or the [warranty](/en/i/customer-service) on your purchase.'),
      ),
    },
  },
  {
    key: 'terms-and-conditions',
    image: 'trio-navy-1.svg',
    nl: {
      identifier: 'algemene-voorwaarden',
      title: 'Algemene voorwaarden',
      description: 'De algemene voorwaarden van Horloge & Diamant B.V. voor aankopen in de webwinkel en in onze boutiques.',
      content: html(
        h2('Artikel 1. Toepasselijkheid'),
        p(`Deze voorwaarden gelden voor elk aanbod van en elke overeenkomst met ${COMPANY.name}, gevestigd te Amsterdam (KvK ${COMPANY.kvk}), via deze webwinkel of in onze boutiques.`),
        h2('Artikel 2. Aanbod en prijzen'),
        p('Alle prijzen zijn in euro, inclusief btw, tenzij anders vermeld. Voor kopers buiten de Europese Unie worden prijzen zonder Nederlandse btw berekend; invoerrechten en lokale belastingen komen voor rekening van de koper. Kennelijke vergissingen in het aanbod binden ons niet. Op tweedehands artikelen kan de margeregeling van toepassing zijn; de btw wordt dan niet apart op de factuur vermeld.'),
        h2('Artikel 3. Totstandkoming van de overeenkomst'),
        p('De overeenkomst komt tot stand wanneer wij uw bestelling per e-mail bevestigen. Is een artikel na uw bestelling niet meer leverbaar, dan laten wij u dat direct weten en betalen wij een reeds voldaan bedrag binnen 14 dagen terug.'),
        h2('Artikel 4. Betaling'),
        p('U betaalt vooraf via de betaalmethoden die bij het afrekenen worden getoond. Bij afhalen in de winkel kunt u ook ter plaatse betalen. De eigendom gaat over zodra het volledige bedrag is voldaan.'),
        h2('Artikel 5. Levering en risico'),
        p('Wij leveren verzekerd op het adres dat u opgeeft. Het risico van verlies of beschadiging gaat op u over op het moment dat u het artikel ontvangt. Een opgegeven levertijd is indicatief; bij een vertraging van meer dan 30 dagen mag u de overeenkomst kosteloos ontbinden.'),
        h2('Artikel 6. Herroepingsrecht'),
        p('Als consument heeft u bij een online aankoop 14 dagen bedenktijd, onder de voorwaarden van ons [retourbeleid](/nl/i/retourbeleid).'),
        h2('Artikel 7. Garantie en conformiteit'),
        p('Wij staan ervoor in dat het geleverde voldoet aan de overeenkomst. Naast uw wettelijke rechten geeft de fabrikant garantie op nieuwe horloges en geven wij twee jaar garantie op tweedehands en vintage horloges. Buiten de garantie vallen normale slijtage, schade door vallen of stoten, vocht door een niet gesloten kroon en ingrepen door derden.'),
        h2('Artikel 8. Klachten en toepasselijk recht'),
        p(`Klachten kunt u melden via ${COMPANY.email}; wij reageren binnen 14 dagen. Op deze voorwaarden is Nederlands recht van toepassing.`),
      ),
    },
    en: {
      identifier: 'terms-and-conditions',
      title: 'Terms and conditions',
      description: 'The general terms and conditions of Horloge & Diamant B.V. for purchases in the online shop and in our boutiques.',
      content: html(
        h2('Article 1. Scope'),
        p(`These terms apply to every offer by and every agreement with ${COMPANY.name}, established in Amsterdam (KvK ${COMPANY.kvk}), through this online shop or in our boutiques.`),
        h2('Article 2. Offer and prices'),
        p('All prices are in euros including VAT unless stated otherwise. For buyers outside the European Union prices are calculated without Dutch VAT; import duties and local taxes are for the buyer’s account. Obvious mistakes in the offer do not bind us. The margin scheme may apply to pre-owned items; VAT is then not shown separately on the invoice.'),
        h2('Article 3. Formation of the agreement'),
        p('The agreement is formed when we confirm your order by e-mail. If an item turns out to be unavailable after you ordered, we tell you at once and refund any amount paid within 14 days.'),
        h2('Article 4. Payment'),
        p('You pay in advance with the payment methods shown at checkout. When collecting in store you can also pay there. Ownership passes once the full amount has been paid.'),
        h2('Article 5. Delivery and risk'),
        p('We deliver insured to the address you give. The risk of loss or damage passes to you when you receive the item. A stated delivery time is an indication; if delivery is more than 30 days late you may cancel the agreement free of charge.'),
        h2('Article 6. Right of withdrawal'),
        p('As a consumer you have 14 days to change your mind on an online purchase, under the conditions of our [return policy](/en/i/return-policy).'),
        h2('Article 7. Warranty and conformity'),
        p('We guarantee that what we deliver meets the agreement. On top of your statutory rights, the manufacturer’s warranty covers new watches and we give a two-year warranty on pre-owned and vintage watches. Normal wear, damage from drops or knocks, moisture through a crown left open and work by third parties are not covered.'),
        h2('Article 8. Complaints and governing law'),
        p(`Report complaints to ${COMPANY.email}; we reply within 14 days. Dutch law applies to these terms.`),
      ),
    },
  },
];

export function servicePages(): CmsPageInput[] {
  return SERVICE_PAGES.flatMap((page) =>
    (['nl', 'en'] as const).map((store): CmsPageInput => {
      const text = page[store];
      return {
        store,
        identifier: text.identifier,
        content_key: page.key,
        title: text.title,
        content: text.content,
        meta_title: `${text.title} | Horloge & Diamant`,
        meta_description: text.description,
        active: true,
        image: page.image,
      };
    }),
  );
}

/** Opening hours as a table, for the store-locator block. */
export function openingHoursTable(store: 'nl' | 'en'): string {
  const days = store === 'nl' ? (['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'] as const) : (['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const);
  const keys = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
  const closed = store === 'nl' ? 'gesloten' : 'closed';
  return table(
    [store === 'nl' ? 'Dag' : 'Day', ...DEMO_BOUTIQUES.map((b) => b.city)],
    keys.map((key, i) => [days[i] ?? key, ...DEMO_BOUTIQUES.map((b) => b.opening_hours.weekly[key]?.map(([from, to]) => `${from}–${to}`).join(', ') || closed)]),
  );
}

/** The service pages' tree per store: one root ("Service") with the six pages under it. */
export function serviceHierarchy(): CmsHierarchyInput[] {
  return (['nl', 'en'] as const).flatMap((store) => [
    { store, identifier: 'service', title: store === 'nl' ? 'Service' : 'Service', position: 0 },
    ...SERVICE_PAGES.map((page, index): CmsHierarchyInput => ({ store, identifier: `service-${page.key}`, parent: 'service', page: page[store].identifier, title: page[store].title, position: index + 1 })),
  ]);
}
