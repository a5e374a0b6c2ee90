/** Product ids with a meaning in spec 3 "Product ids". */
export const PRODUCT_IDS = {
  notaSimple: 15867,
  propertiesSearch: 18357,
  certidaoPermanente: 18414,
  informacaoPredial: 18421,
  /** The located-property request the cart's 'Cancelar pedido' button cancels. */
  locatedPropertyRequest: 18324,
  notarialDeed: 18458,
  energyCertificate: 18464,
  permanentIncapacity: 18511,
} as const;

/**
 * The located-property product a properties search (18357) adds per property it
 * finds: 18324 for a person, 18347 for a company (seed catalogue); its price is
 * the search's price per located property.
 */
export const SEARCH_LOCATED_PRODUCT = { person: 18324, company: 18347 } as const;

/** Products added as a child item for each property the properties search locates (spec 3). */
export const LOCATED_PROPERTY_PRODUCT_IDS: readonly number[] = [15868, 18347, 18361, 18324];

/**
 * The searches that find properties (spec 1, 3: "12 euros plus 20.76 euros per
 * located property") and the located-property product each found property
 * becomes: 18357 for a person (18324) or a company (18347), the property locator
 * 17492 (15868), the English owner search 18507 (18361). Null: not a search.
 */
export function locatedProductForSearch(
  productId: number,
  form: Readonly<Record<string, unknown>>,
): number | null {
  if (productId === PRODUCT_IDS.propertiesSearch) {
    return form.opcion_empresa === true ? SEARCH_LOCATED_PRODUCT.company : SEARCH_LOCATED_PRODUCT.person;
  }
  if (productId === 17492) return 15868;
  if (productId === 18507) return 18361;
  return null;
}

/** Products whose cart item opens a dedicated edit dialog; 18357 is never editable (spec 2 "Header"). */
export const NOT_EDITABLE_PRODUCT_IDS: readonly number[] = [PRODUCT_IDS.propertiesSearch];

/** True when a cart item of this product can be edited from the cart. */
export function isEditableProduct(productId: number): boolean {
  return !NOT_EDITABLE_PRODUCT_IDS.includes(productId);
}

/** True for the located-property products (spec 3). */
export function isLocatedPropertyProduct(productId: number): boolean {
  return LOCATED_PROPERTY_PRODUCT_IDS.includes(productId);
}

/**
 * Every line of a cart or order, each child (an add-on, ADR 027, or a located
 * property) right after its parent: what the item count counts and the
 * summaries list, so their lines add up to the total.
 */
export function cartLines<T extends { childs: readonly T[] }>(items: readonly T[]): T[] {
  return items.flatMap((item) => [item, ...cartLines(item.childs)]);
}

/** True when any item, or any of its children, is a located-property item (the cart then offers 'Cancelar pedido'). */
export function hasLocatedPropertyItem(
  items: readonly { product_id: number; childs: readonly unknown[] }[],
): boolean {
  return items.some(
    (item) =>
      isLocatedPropertyProduct(item.product_id) ||
      hasLocatedPropertyItem(item.childs as { product_id: number; childs: readonly unknown[] }[]),
  );
}

/** The option ids the fixed forms map to (spec 3 "Recognised option ids"). */
export const OPTION_IDS = {
  notaSimple: { holder: 77, province: 78, municipality: 79, address: 80, otherData: 74, urgent: 411 },
  certificate: {
    place: 1369,
    ficha: 1365,
    bookNumber: 1362,
    book: 1361,
    sheets: 1360,
    article: 1352,
    unit: 1351,
    section: 1459,
    mode: 1366,
    type: 1353,
  },
  simplifiedReport: { place: 1431, ficha: 1430, unit: 1429, urgent: 1427 },
  propertiesSearch: { name: 1038, dni: 1040, count: 1041 },
} as const;

/** Option values with a meaning in spec 3. */
export const OPTION_VALUE_IDS = {
  notaSimpleUrgent: '3782',
  certificateModeMatricial: '3871',
  certificateModeBook: '3870',
  certificateTypeRural: '3865',
  certificateTypeUrban: '3866',
  simplifiedReportUrgent: '3909',
} as const;
