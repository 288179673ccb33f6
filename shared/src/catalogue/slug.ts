/** Lower-case ASCII words joined by dashes: "Cartier Tank Française 18k" -> "cartier-tank-francaise-18k". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A product's slug is its url_key when that is enabled, otherwise the slugified name plus a dash and the id (spec 1 §2). */
export function productSlug(product: { name: string; id: number; url_key?: string | undefined }, useUrlKeys: boolean): string {
  if (useUrlKeys && product.url_key) return product.url_key;
  return `${slugify(product.name)}-${product.id}`;
}
