/**
 * The magazine's paragraphs: per category a pool of section headings and paragraphs in Dutch (formal "u") and
 * English, plus general paragraphs about the shop. `{subject}` is the post's subject ("de Speedmaster", "sapphires").
 * A post's body is its own lead, then sections drawn from these pools in an order its key decides.
 */
export type MagazineCategoryKey = 'news' | 'watches' | 'gems' | 'care' | 'stories';

interface Copy {
  headings: readonly string[];
  paragraphs: readonly string[];
}

export const CATEGORY_COPY: Record<MagazineCategoryKey, { nl: Copy; en: Copy }> = {
  news: {
    nl: {
      headings: ['Wat er verandert', 'Wat u kunt verwachten', 'Waarom wij dit doen', 'Praktische informatie'],
      paragraphs: [
        'Het nieuws rond {subject} houdt ons al maanden bezig. Wij wilden u pas informeren toen alles tot in de puntjes geregeld was, want u verwacht van ons dat een aankondiging ook klopt.',
        'Voor vaste klanten verandert er weinig: uw contactpersoon blijft dezelfde, uw gegevens blijven bij ons en lopende reparaties worden gewoon afgerond. Wel ziet u in de winkel en online een paar nieuwe gezichten.',
        'Wij hebben bewust gekozen voor kwaliteit boven snelheid. Liever een kleinere selectie die wij van binnen en buiten kennen, dan een grote voorraad waar wij u niet goed over kunnen adviseren.',
        'De eerste reacties van klanten die al een kijkje kwamen nemen, waren hartverwarmend. Een paar suggesties hebben wij meteen overgenomen, zoals ruimere openingstijden op donderdagavond.',
        'Heeft u vragen over wat dit voor u betekent? Bel of mail onze klantenservice, of loop gewoon binnen; de koffie staat klaar en niemand verwacht dat u iets koopt.',
        'In de komende maanden vertellen wij hier meer over {subject}. Wie zich aanmeldt voor de nieuwsbrief, hoort het als eerste en ontvangt eenmalig tien procent korting op een volgende aankoop.',
        'Achter de schermen werkten horlogemakers, edelsmeden en ons team in de winkel nauw samen. Dat is misschien het mooiste aan dit nieuws: het laat zien hoeveel vakkennis er onder één dak zit.',
      ],
    },
    en: {
      headings: ['What is changing', 'What you can expect', 'Why we are doing this', 'Practical information'],
      paragraphs: [
        'The news around {subject} has kept us busy for months. We only wanted to tell you once every detail was settled, because you expect an announcement from us to be right.',
        'For regular customers little changes: your contact stays the same, your details stay with us and repairs in progress are completed as usual. You will, however, see a few new faces in store and online.',
        'We deliberately chose quality over speed. We would rather keep a smaller selection that we know inside and out than a large stock we cannot advise you on properly.',
        'The first reactions from customers who came by for a look were heart-warming. We adopted a few of their suggestions straight away, such as longer opening hours on Thursday evenings.',
        'Wondering what this means for you? Call or e-mail our customer service, or simply walk in; the coffee is ready and nobody expects you to buy anything.',
        'Over the coming months we will share more about {subject} here. Newsletter subscribers hear it first and receive a one-time ten per cent discount on a next purchase.',
        'Behind the scenes, watchmakers, goldsmiths and our shop team worked closely together. That may be the nicest part of this news: it shows how much craftsmanship sits under one roof.',
      ],
    },
  },
  watches: {
    nl: {
      headings: ['Het uurwerk', 'Kast en wijzerplaat', 'Aan de pols', 'Waar u op let bij aankoop', 'Een korte geschiedenis'],
      paragraphs: [
        'Wie {subject} omdraait of opent, ziet waar het om draait: een uurwerk met een onrust die acht keer per seconde heen en weer slingert, een veer die de energie voor ruim twee dagen opslaat en tientallen onderdelen die met de hand zijn afgewerkt.',
        'De kast bepaalt meer dan u denkt. Een diameter van 36 tot 40 millimeter draagt comfortabel bij de meeste polsen, maar de lengte van lug tot lug is minstens zo belangrijk. Wij raden altijd aan om een horloge even te passen voordat u beslist.',
        'Een wijzerplaat met indexen leest rustig en tijdloos; Arabische cijfers geven een sportief, instrumentaal karakter, Romeinse cijfers een klassiek. Let ook op de lichtgevende massa: oudere horloges gebruikten tritium, dat met de jaren een warme crèmekleur krijgt.',
        'Een automatisch uurwerk windt zichzelf op door de bewegingen van uw pols. Draagt u het horloge een paar dagen niet, dan stopt het; dat is normaal. Een horlogeopwinder houdt het lopend, maar is zeker geen vereiste.',
        'Bij een tweedehands of vintage horloge let u op originaliteit: past de wijzerplaat bij het bouwjaar, zijn de wijzers origineel, en is de kast niet te zwaar gepolijst? Onze horlogemakers beschrijven dit bij elk horloge dat wij verkopen.',
        'Waterdichtheid is geen blijvende eigenschap. Pakkingen drogen uit, ook als u het horloge nooit in het water draagt. Laat de waterdichtheid daarom eens per jaar of twee controleren; bij ons gebeurt dat terwijl u wacht.',
        'De geschiedenis van {subject} laat zien hoe een gereedschap voor piloten, duikers of autocoureurs uitgroeide tot een klassieker. Dat de vorm in decennia nauwelijks veranderde, zegt genoeg over hoe goed hij vanaf het begin was.',
        'Een schakelband kunnen wij in de winkel op maat maken; bewaar de losse schakels goed, want bij verkoop of inruil verhogen ze de waarde. Een leren band geeft hetzelfde horloge meteen een ander karakter.',
      ],
    },
    en: {
      headings: ['The movement', 'Case and dial', 'On the wrist', 'What to look for when buying', 'A short history'],
      paragraphs: [
        'Turn {subject} over or open it and you see what matters: a movement whose balance swings back and forth eight times a second, a spring that stores energy for over two days and dozens of parts finished by hand.',
        'The case decides more than you might think. A diameter of 36 to 40 millimetres wears comfortably on most wrists, but the length from lug to lug matters just as much. We always recommend trying a watch on before you decide.',
        'A dial with baton indices reads calmly and timelessly; Arabic numerals give a sporty, instrument-like character, Roman numerals a classic one. Look at the luminous material too: older watches used tritium, which ages to a warm cream tone.',
        'An automatic movement winds itself from the motion of your wrist. Leave the watch off for a few days and it stops; that is normal. A watch winder keeps it running, but it is certainly not a must.',
        'With a pre-owned or vintage watch, look for originality: does the dial match the year of production, are the hands original, and has the case not been polished too heavily? Our watchmakers describe this for every watch we sell.',
        'Water resistance is not permanent. Gaskets dry out even if you never wear the watch in water. Have the water resistance checked every year or two; with us it is done while you wait.',
        'The history of {subject} shows how a tool for pilots, divers or racing drivers grew into a classic. That its shape barely changed in decades says enough about how right it was from the start.',
        'We can size a bracelet in store; keep the spare links safe, because they add value when you sell or trade in. A leather strap gives the same watch a different character at once.',
      ],
    },
  },
  gems: {
    nl: {
      headings: ['Slijpvorm en schittering', 'Kleur en zuiverheid', 'Het certificaat', 'Zetten en dragen', 'Waar de steen vandaan komt'],
      paragraphs: [
        'Bij {subject} draait alles om licht. Een goed geslepen steen vangt het licht aan de bovenkant, kaatst het via de facetten aan de onderkant terug en geeft het als schittering aan u terug. Een te diep of te vlak geslepen steen lekt licht en oogt dof.',
        'Kleur en zuiverheid worden vaak overschat. Een diamant met kleur G of H oogt in een witgouden of platina zetting volkomen wit, en insluitsels in zuiverheid VS2 of SI1 ziet u met het blote oog meestal niet. Het verschil in prijs kunt u beter in de slijpkwaliteit steken.',
        'Bij gekleurde edelstenen is de kleur juist doorslaggevend: een saffier met een diep, fluweelachtig blauw of een robijn met een levendig rood is veel zeldzamer dan een lichte of donkere steen. Vraag altijd of een steen verhit is; dat is gebruikelijk, maar hoort vermeld te worden.',
        'Een certificaat van een onafhankelijk laboratorium legt gewicht, kleur, zuiverheid, slijpkwaliteit en eventuele behandelingen vast. Het laserinschrift in de rondist maakt de steen herleidbaar. Bij elke losse diamant boven een halve karaat leveren wij zo’n certificaat mee.',
        'De zetting beschermt de steen en bepaalt hoe hij oogt. Vier of zes griffen laten het meeste licht binnen; een rubzetting is steviger en daarmee geschikt voor wie veel met de handen werkt. Wij laten u graag verschillende zettingen passen.',
        'Edelstenen zijn hard, maar niet onverwoestbaar. Een diamant kan een andere diamant krassen en een smaragd is gevoelig voor stoten en warmte. Berg uw sieraden daarom apart op en doe ze af bij sporten en tuinieren.',
        'Herkomst doet ertoe. Wij kopen uitsluitend stenen met een sluitende papieren route en werken met leveranciers die het Kimberley-proces en de bijbehorende gedragscode volgen.',
        'Wie {subject} met elkaar vergelijkt, doet dat het liefst naast elkaar, in daglicht en onder de lamp. In onze winkels leggen wij stenen op een wit vel papier naast elkaar; u ziet dan meteen verschillen die op een certificaat abstract blijven.',
      ],
    },
    en: {
      headings: ['Cut and sparkle', 'Colour and clarity', 'The certificate', 'Setting and wearing', 'Where the stone comes from'],
      paragraphs: [
        'With {subject}, everything revolves around light. A well-cut stone catches light at the top, reflects it from the facets underneath and returns it to you as sparkle. A stone cut too deep or too shallow leaks light and looks dull.',
        'Colour and clarity are often overrated. A diamond of colour G or H looks entirely white in a white gold or platinum setting, and inclusions at clarity VS2 or SI1 are usually invisible to the naked eye. The difference in price is better spent on cut quality.',
        'With coloured gem stones, colour is decisive: a sapphire of deep, velvety blue or a ruby of lively red is far rarer than a pale or dark stone. Always ask whether a stone has been heated; it is common, but it should be disclosed.',
        'A certificate from an independent laboratory records weight, colour, clarity, cut quality and any treatments. The laser inscription on the girdle makes the stone traceable. We supply such a certificate with every loose diamond over half a carat.',
        'The setting protects the stone and decides how it looks. Four or six claws let in the most light; a bezel setting is sturdier and suits those who work with their hands. We are glad to let you try different settings.',
        'Gem stones are hard, but not indestructible. A diamond can scratch another diamond and an emerald is sensitive to knocks and heat. Store your jewellery separately and take it off for sport and gardening.',
        'Origin matters. We only buy stones with a complete paper trail and work with suppliers who follow the Kimberley Process and its system of warranties.',
        'Anyone comparing {subject} does it best side by side, in daylight and under the lamp. In our stores we lay stones next to each other on a sheet of white paper; you immediately see differences that stay abstract on a certificate.',
      ],
    },
  },
  care: {
    nl: {
      headings: ['Dagelijkse verzorging', 'Wanneer naar de horlogemaker', 'Wat een revisie inhoudt', 'Veelgemaakte fouten', 'Bewaren'],
      paragraphs: [
        'Met een beetje aandacht blijft {subject} generaties mooi. Veeg een horloge na het dragen af met een zachte doek, spoel een stalen band na zwemmen in zee af met lauw water en laat leer nooit op de verwarming drogen.',
        'Een mechanisch uurwerk heeft ongeveer elke vijf tot zeven jaar een revisie nodig. De oliën in het uurwerk verouderen, ook als het horloge goed loopt. Wie te lang wacht, riskeert slijtage aan assen en lagers en een duurdere reparatie.',
        'Bij een revisie haalt de horlogemaker het uurwerk volledig uit elkaar, reinigt alle onderdelen, vervangt versleten delen en pakkingen, smeert opnieuw en stelt de gang af. Daarna volgt een test van enkele dagen in verschillende standen.',
        'De meest gemaakte fout: de kroon niet terugdraaien na het instellen van de tijd. Bij een schroefkroon is dat de belangrijkste reden voor vocht in de kast. Stel ook nooit de datum in tussen negen uur ’s avonds en drie uur ’s nachts bij oudere uurwerken.',
        'Sieraden maakt u schoon met lauw water, een druppel afwasmiddel en een zachte tandenborstel. Parels zijn de uitzondering: die veegt u alleen af met een vochtige doek, en u rijgt ze om de paar jaar opnieuw.',
        'Laat griffen van ringen eens per jaar controleren. Een losse grif merkt u pas als de steen weg is; in onze winkel controleren wij dat gratis terwijl u wacht.',
        'Bewaar horloges en sieraden droog, uit de zon en liefst elk in een eigen vakje. Een horloge met een quartzuurwerk dat u lang niet draagt, kunt u beter zonder batterij bewaren; een lekkende batterij beschadigt het uurwerk.',
        'Twijfelt u of {subject} aan onderhoud toe is? Let op een horloge dat merkbaar voor- of achterloopt, een gangreserve die korter wordt of een kroon die stroef draait. Kom langs; een eerste diagnose is bij ons altijd kosteloos.',
      ],
    },
    en: {
      headings: ['Everyday care', 'When to see the watchmaker', 'What a service involves', 'Common mistakes', 'Storage'],
      paragraphs: [
        'With a little attention {subject} stays beautiful for generations. Wipe a watch with a soft cloth after wearing, rinse a steel bracelet with lukewarm water after swimming in the sea and never dry leather on a radiator.',
        'A mechanical movement needs a service roughly every five to seven years. The oils inside age even when the watch runs well. Wait too long and you risk wear on pivots and bearings, and a costlier repair.',
        'In a service the watchmaker takes the movement apart completely, cleans every part, replaces worn parts and gaskets, lubricates anew and regulates the rate. A test of several days in different positions follows.',
        'The most common mistake: not screwing the crown back down after setting the time. With a screw-down crown it is the main cause of moisture in the case. And never set the date between nine in the evening and three at night on older movements.',
        'Clean jewellery with lukewarm water, a drop of washing-up liquid and a soft toothbrush. Pearls are the exception: only wipe them with a damp cloth, and have them restrung every few years.',
        'Have the claws of your rings checked once a year. You only notice a loose claw once the stone has gone; in our store we check it free of charge while you wait.',
        'Store watches and jewellery dry, out of the sun and ideally each in its own compartment. A quartz watch you will not wear for a long time is better kept without a battery; a leaking battery damages the movement.',
        'Not sure whether {subject} needs attention? Watch for a noticeably fast or slow rate, a power reserve that gets shorter or a crown that turns stiffly. Drop by; a first diagnosis is always free with us.',
      ],
    },
  },
  stories: {
    nl: {
      headings: ['Hoe het begon', 'Een bijzonder moment', 'Vakmanschap', 'Wat blijft'],
      paragraphs: [
        'Sommige verhalen beginnen aan de toonbank. Een klant legde een horloge neer dat al drie generaties in de familie was en vroeg of wij het weer aan de praat konden krijgen. Zo begon ook het verhaal van {subject}.',
        'In ons atelier werken horlogemakers en edelsmeden zij aan zij. Dat levert gesprekken op die u nergens anders hoort: over de afwerking van een brug, over de hoek van een facet, over de vraag of een kras een verhaal vertelt of juist weg moet.',
        'Het mooiste moment is altijd de overdracht. Een horloge dat jaren in een la lag, tikt weer; een ring die van een grootmoeder was, past nu aan een nieuwe hand. Daar doen wij dit werk voor.',
        'Vakmanschap is geduld. Een wijzerplaat reinigen zonder de opdruk te beschadigen, een gebroken as namaken op de draaibank, een steen zetten zonder de zetting te vervormen: het zijn uren werk die u aan het eind niet ziet, en juist daarom klopt het.',
        'Elk stuk dat bij ons binnenkomt, krijgt een dossier: foto’s bij binnenkomst, de bevindingen van de horlogemaker en wat er is gedaan. Zo kan een volgende eigenaar precies nagaan wat een horloge heeft meegemaakt.',
        'Wat blijft, is de band met de mensen die bij ons kopen en laten repareren. Sommigen kennen wij al dertig jaar; hun kinderen komen nu zelf voor een eerste horloge of een verlovingsring.',
        'Ook {subject} laat zien dat een mooi voorwerp pas echt waarde krijgt als het gedragen wordt. Een horloge in een kluis is een belegging; een horloge om de pols is een herinnering in wording.',
      ],
    },
    en: {
      headings: ['How it began', 'A special moment', 'Craftsmanship', 'What remains'],
      paragraphs: [
        'Some stories begin at the counter. A customer laid down a watch that had been in the family for three generations and asked whether we could make it run again. That is also how the story of {subject} began.',
        'In our workshop watchmakers and goldsmiths work side by side. That leads to conversations you hear nowhere else: about the finish of a bridge, the angle of a facet, whether a scratch tells a story or should go.',
        'The best moment is always the handover. A watch that lay in a drawer for years ticks again; a ring that belonged to a grandmother now fits a new hand. That is why we do this work.',
        'Craftsmanship is patience. Cleaning a dial without harming the print, turning a new pivot on the lathe, setting a stone without distorting the setting: hours of work you do not see at the end, and that is exactly why it is right.',
        'Every piece that comes in gets a file: photos on arrival, the watchmaker’s findings and what was done. A next owner can see exactly what a watch has been through.',
        'What remains is the bond with the people who buy from us and bring their repairs. Some we have known for thirty years; their children now come in themselves for a first watch or an engagement ring.',
        '{subject} shows, too, that a beautiful object only gains real value when it is worn. A watch in a safe is an investment; a watch on the wrist is a memory in the making.',
      ],
    },
  },
};

export const GENERAL_COPY: { nl: readonly string[]; en: readonly string[] } = {
  nl: [
    'Wilt u {subject} zelf zien? In onze boutiques in Amsterdam en Rotterdam nemen wij graag de tijd voor u. Met [een afspraak](/nl/afspraak-maken) zorgen wij dat de stukken die u wilt zien klaarliggen.',
    'Elk horloge en sieraad dat u bij ons koopt, is gecontroleerd in ons eigen atelier. Op tweedehands en vintage horloges geven wij twee jaar garantie, en online aankopen kunt u binnen 14 dagen retourneren.',
    'Heeft u een horloge dat u niet meer draagt? Bij [inruil of verkoop](/nl/ruil-uw-horloge-in-bij-ace) ontvangt u binnen twee werkdagen een eerlijk voorstel.',
    'Vragen over onderhoud, een reparatie of een taxatie voor uw verzekering? Onze [klantenservice](/nl/i/klantenservice) helpt u verder.',
  ],
  en: [
    'Would you like to see {subject} for yourself? In our boutiques in Amsterdam and Rotterdam we gladly take our time for you. With [an appointment](/en/make-an-appointment) the pieces you want to see are ready when you arrive.',
    'Every watch and jewel you buy from us has been checked in our own workshop. Pre-owned and vintage watches carry a two-year warranty, and online purchases can be returned within 14 days.',
    'Do you own a watch you no longer wear? [Trade in or sell it](/en/trade-in-or-sell-your-watch) and receive a fair offer within two working days.',
    'Questions about servicing, a repair or a valuation for your insurance? Our [customer service](/en/i/customer-service) will help you further.',
  ],
};

export const QUOTES: { nl: readonly string[]; en: readonly string[] } = {
  nl: ['Een goed horloge koop je niet voor jezelf alleen; je bewaart het voor de volgende generatie.', 'Wij repareren niet om iets nieuw te maken, maar om het weer zichzelf te laten zijn.', 'Licht is het materiaal waarmee een slijper werkt; de steen is alleen de vorm.', 'De mooiste sporen op een horloge zijn die van een leven lang dragen.'],
  en: ['You never buy a good watch only for yourself; you keep it for the next generation.', 'We do not repair to make something new, but to let it be itself again.', 'Light is the material a cutter works with; the stone is only its shape.', 'The finest marks on a watch are those of a lifetime of wear.'],
};
