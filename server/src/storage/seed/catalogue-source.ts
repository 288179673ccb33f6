/**
 * The shape of a catalogue before it is stored: what the demo generator emits and what an import reads. The
 * types come from the import file's schemas in shared (`catalogue-import.schema.ts`), so the generator, the
 * importer and a shop's own JSON file follow one definition.
 */
export type {
  SourceAttribute,
  SourceAttributeValues,
  SourceCatalogue,
  SourceCategory,
  SourceImage,
  SourceProduct,
  SourceStock,
  StoreTexts,
} from '@shop/shared';
