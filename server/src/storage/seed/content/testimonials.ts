/**
 * The shop's testimonials: customers' words in Dutch and English, mostly four and five stars, a few still waiting for
 * moderation (status 2) or refused (status 3), so the listing visibly shows only approved ones (status 1).
 */
import { TESTIMONIAL_STATUS, type TestimonialInput } from '@shop/shared/content/content.schema';
import type { StoreCode } from '@shop/shared';

type Entry = readonly [author: string, location: string, rating: number, text: string, status?: 1 | 2 | 3];

const NL: readonly Entry[] = [
  ['Annemarie V.', 'Haarlem', 5, 'Mijn verlovingsring hier laten maken en ik ben er nog elke dag blij mee. Er werd echt de tijd genomen om verschillende diamanten naast elkaar te leggen, zonder enige druk.'],
  ['Pieter de G.', 'Utrecht', 5, 'Vintage Omega gekocht. Het horloge was precies zoals beschreven, inclusief de kleine krasjes op de kast. Keurig verpakt en binnen een dag geleverd.'],
  ['Fatima El A.', 'Rotterdam', 5, 'Vriendelijke ontvangst in de winkel aan de Lijnbaan. Mijn horloge werd ter plekke op waterdichtheid getest en de band werd gratis ingekort.'],
  ['Jeroen K.', 'Amersfoort', 4, 'Goede service bij de revisie van mijn automatische horloge. Het duurde een week langer dan gepland, maar ik werd netjes op de hoogte gehouden.'],
  ['Sophie M.', 'Amsterdam', 5, 'Eerlijk advies: de verkoper raadde mij een goedkoper model aan omdat dat beter bij mijn pols paste. Dat maak je niet vaak mee.'],
  ['Hans B.', 'Den Haag', 5, 'Mijn oude horloge ingeruild voor een tweedehands Tudor. Het voorstel was redelijk en de hele afhandeling duurde nog geen week.'],
  ['Lisa van R.', 'Leiden', 4, 'Mooie oorbellen gekocht als cadeau. De verpakking was prachtig. Eén ster minder omdat de bezorging een dag later kwam dan gepland.'],
  ['Mohamed B.', 'Eindhoven', 5, 'Online besteld, in de winkel afgehaald. Alles lag klaar en ik kreeg nog uitleg over het opwinden en instellen van de datum.'],
  ['Ingrid T.', 'Zwolle', 5, 'De parelketting van mijn moeder opnieuw laten rijgen. Vakkundig gedaan en sneller klaar dan verwacht.'],
  ['Ruben S.', 'Groningen', 4, 'Ruime keuze in losse diamanten met certificaat. De uitleg over slijpkwaliteit hielp mij echt om een goede keuze te maken.'],
  ['Marloes D.', 'Delft', 5, 'Een trouwring laten vergroten; binnen drie dagen klaar en je ziet er niets van. Heel tevreden.'],
  ['Kees J.', 'Alkmaar', 5, 'Al twintig jaar klant. De horlogemakers kennen mijn verzameling inmiddels beter dan ikzelf.'],
  ['Yara P.', 'Nijmegen', 3, 'Het horloge zelf is prachtig, maar ik had graag eerder een reactie gehad op mijn vraag via het contactformulier.'],
  ['Bart H.', 'Breda', 5, 'Uitstekende taxatie voor de verzekering, met foto’s en een duidelijk rapport. Aanrader.'],
  ['Esther L.', 'Amstelveen', 5, 'Afspraak gemaakt voor een verlovingsring en alles lag klaar toen wij binnenkwamen. Een ontspannen en persoonlijke middag.'],
  ['Wouter N.', 'Arnhem', 4, 'Tweedehands Seiko gekocht, loopt perfect op tijd. Had graag de originele doos erbij gehad, maar dat stond eerlijk vermeld.'],
  ['Saskia F.', 'Hilversum', 5, 'Mijn armband had een losse schakel; gratis gerepareerd terwijl ik wachtte. Wat een service.'],
  ['Daan W.', 'Rotterdam', 5, 'Mooi vintage horloge uit mijn geboortejaar gevonden. De horlogemaker vertelde er een half uur over, met zichtbaar plezier.'],
  ['Tineke O.', 'Gouda', 4, 'Fijne winkel en deskundig personeel. Parkeren in de buurt is wel lastig.'],
  ['Lars E.', 'Haarlem', 5, 'Retourneren ging zonder gedoe: het geld stond binnen een week terug op mijn rekening.'],
  ['Nadia K.', 'Utrecht', 5, 'Ik wacht nog op de levering, maar het contact tot nu toe is uitstekend.', TESTIMONIAL_STATUS.pending],
  ['Gerard V.', 'Tilburg', 4, 'Goed geholpen bij het kiezen van een nieuwe band voor mijn horloge.', TESTIMONIAL_STATUS.pending],
  ['Goedkope horloges', 'Online', 1, 'Bezoek onze website voor replica horloges met hoge korting!!!', TESTIMONIAL_STATUS.rejected],
  ['Anoniem', '', 1, 'Niet besteld, wel een mening.', TESTIMONIAL_STATUS.rejected],
];

const EN: readonly Entry[] = [
  ['Charlotte W.', 'London', 5, 'I bought my engagement ring here while visiting Amsterdam. They took all the time in the world to show me stones side by side, with no pressure at all.'],
  ['Michael R.', 'Boston', 5, 'Bought a vintage Omega online and shipped to the US. It arrived insured, exactly as described, including the small marks on the case.'],
  ['Giulia B.', 'Milan', 5, 'Excellent advice in English in the Rotterdam store. My bracelet was shortened on the spot and the watch tested for water resistance.'],
  ['Daniel S.', 'Berlin', 4, 'Good service on the overhaul of my automatic watch. It took a week longer than planned, but they kept me informed throughout.'],
  ['Emma L.', 'Amsterdam', 5, 'Honest advice: the salesperson suggested a less expensive model because it suited my wrist better. That is rare.'],
  ['James O.', 'Edinburgh', 5, 'Traded in my old watch towards a pre-owned Tudor. The offer was fair and the whole thing took less than a week.'],
  ['Sarah K.', 'Rotterdam', 4, 'Lovely earrings bought as a gift, beautifully packed. One star off because delivery came a day later than planned.'],
  ['Thomas H.', 'Munich', 5, 'Ordered online, collected in store. Everything was ready and they explained how to wind the watch and set the date.'],
  ['Olivia P.', 'Dublin', 5, 'Had my mother’s pearl necklace restrung. Carefully done and ready sooner than expected.'],
  ['Lucas M.', 'Antwerp', 4, 'A wide choice of certified loose diamonds. The explanation of cut quality really helped me choose well.'],
  ['Hannah G.', 'The Hague', 5, 'Had a wedding band resized; ready within three days and you cannot see a thing. Very happy.'],
  ['Robert F.', 'New York', 5, 'A customer for years from abroad. They know exactly what I collect and tell me when something special comes in.'],
  ['Sofia N.', 'Rome', 3, 'The watch itself is beautiful, but I would have liked a faster answer to my question through the contact form.'],
  ['William T.', 'Utrecht', 5, 'An excellent insurance valuation, with photos and a clear report. Recommended.'],
  ['Chloe D.', 'Paris', 5, 'Booked an appointment for an engagement ring and everything was ready when we arrived. A relaxed, personal afternoon.'],
  ['Benjamin A.', 'Hamburg', 4, 'Bought a pre-owned Seiko that keeps perfect time. I would have liked the original box, but that was stated honestly.'],
  ['Grace E.', 'Amsterdam', 5, 'My bracelet had a loose link; repaired free of charge while I waited. Wonderful service.'],
  ['Matteo C.', 'Turin', 5, 'Found a lovely vintage watch from my birth year. The watchmaker talked about it for half an hour, clearly enjoying himself.'],
  ['Laura J.', 'Cologne', 4, 'Pleasant shop and knowledgeable staff. Parking nearby is tricky, though.'],
  ['Oliver B.', 'Manchester', 5, 'Returning an item was painless: the refund was on my account within a week.'],
  ['Isabella R.', 'Florence', 5, 'Still waiting for delivery, but the contact so far has been excellent.', TESTIMONIAL_STATUS.pending],
  ['Henry W.', 'Chicago', 4, 'Helpful advice on choosing a new strap for my watch.', TESTIMONIAL_STATUS.pending],
  ['Cheap Watches Outlet', 'Online', 1, 'Visit our website for replica watches at huge discounts!!!', TESTIMONIAL_STATUS.rejected],
  ['Anonymous', '', 1, 'Never ordered, but have an opinion.', TESTIMONIAL_STATUS.rejected],
];

const FIRST_DAY = Date.UTC(2024, 5, 3);
const SPAN_DAYS = 720;

export function demoTestimonials(): TestimonialInput[] {
  const entries: Record<StoreCode, readonly Entry[]> = { nl: NL, en: EN };
  return (['nl', 'en'] as const).flatMap((store) =>
    entries[store].map(([author, location, rating, text, status], index): TestimonialInput => {
      // Spread over two years, each store its own rhythm; the pending ones are the most recent.
      const day = status === TESTIMONIAL_STATUS.pending ? SPAN_DAYS - index : Math.round((index * SPAN_DAYS) / entries[store].length) + (store === 'en' ? 5 : 0);
      return {
        store,
        author,
        ...(location ? { location } : {}),
        rating,
        text,
        date: new Date(FIRST_DAY + day * 86_400_000).toISOString().slice(0, 10),
        status: status ?? TESTIMONIAL_STATUS.approved,
      };
    }),
  );
}
