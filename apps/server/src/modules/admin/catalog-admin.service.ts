import {
  catalogueProblems,
  isStorableJson,
  ProductDefinitionSchema,
  type SaveProductBody,
  sameDefinition,
  toFieldErrors,
} from '@shop/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { operators, products, productVersions } from '../../db/schema/index.ts';
import { AppError, invalidData, notFound } from '../../http/app-error.ts';
import { type Actor, recordAudit } from './audit.ts';

type ProductRow = typeof products.$inferSelect;

const versionOf = (row: ProductRow) => ({
  productId: row.id,
  version: row.version,
  name: row.name,
  priceCents: row.priceCents,
  officialFeeCents: row.officialFeeCents,
  definition: row.definition,
});

export async function listCatalog(db: AppDb) {
  const rows = await db.select().from(products).orderBy(asc(products.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    version: row.version,
    price_cents: row.priceCents,
  }));
}

/** A product's current definition and every published version, newest first. */
export async function productWithVersions(db: AppDb, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound();
  const versions = await db
    .select({ version: productVersions, operator: operators.email })
    .from(productVersions)
    .leftJoin(operators, eq(operators.id, productVersions.operatorId))
    .where(eq(productVersions.productId, id))
    .orderBy(desc(productVersions.version));
  const listed = versions.map(({ version, operator }) => ({
    version: version.version,
    name: version.name,
    price_cents: version.priceCents,
    official_fee_cents: version.officialFeeCents,
    definition: version.definition,
    created_at: version.createdAt.toISOString(),
    operator,
  }));
  // The seed's version has no row until the first edit: list it from the product itself.
  if (!listed.some((v) => v.version === row.version)) {
    listed.unshift({
      version: row.version,
      name: row.name,
      price_cents: row.priceCents,
      official_fee_cents: row.officialFeeCents,
      definition: row.definition,
      created_at: row.updatedAt.toISOString(),
      operator: null,
    });
  }
  return {
    product: {
      id: row.id,
      kind: row.kind,
      name: row.name,
      version: row.version,
      price_cents: row.priceCents,
      official_fee_cents: row.officialFeeCents,
      definition: row.definition,
    },
    versions: listed,
  };
}

/**
 * Publishes a new version of a product's definition: checked with the
 * domain's ProductDefinitionSchema (400 with the fields at fault), for the
 * version the operator edited (409 when someone saved meanwhile), with the
 * catalogue rules (catalogueProblems) and a change (409 catalogUnchanged). The old
 * version stays in product_versions, so an order item keeps naming the version
 * it was bought with; the product row takes the new one; audited.
 */
export async function saveProductVersion(db: AppDb, actor: Actor, id: number, input: SaveProductBody) {
  if (!isStorableJson(input.definition))
    throw invalidData([{ path: 'definition', message: 'invalid_characters' }]);
  const parsed = ProductDefinitionSchema.safeParse(input.definition);
  if (!parsed.success) {
    throw invalidData(
      toFieldErrors(parsed.error.issues).map((e) => ({
        ...e,
        path: `definition.${e.path}`.replace(/\.$/, ''),
      })),
    );
  }
  const definition = parsed.data;
  if (definition.product_id !== id)
    throw invalidData([{ path: 'definition.product_id', message: 'wrong_product' }]);
  const problems = catalogueProblems(definition);
  if (problems.length > 0) throw invalidData(problems.map((e) => ({ ...e, path: `definition.${e.path}` })));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound();
    if (row.version !== input.base_version) throw new AppError('conflict', 'conflict');
    // Publishing the same definition again makes no version.
    if (sameDefinition(row.definition, definition)) throw new AppError('conflict', 'catalogUnchanged');
    const [kept] = await tx
      .select({ version: productVersions.version })
      .from(productVersions)
      .where(and(eq(productVersions.productId, id), eq(productVersions.version, row.version)));
    if (!kept) await tx.insert(productVersions).values(versionOf(row));
    const [updated] = await tx
      .update(products)
      .set({
        name: definition.name,
        shortName: definition.short_name ?? row.shortName,
        priceCents: definition.price,
        officialFeeCents: definition.official_fee,
        definition,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id))
      .returning();
    if (!updated) throw notFound();
    await tx.insert(productVersions).values({ ...versionOf(updated), operatorId: actor.operatorId });
    await recordAudit(tx, actor, {
      action: 'catalog.publish',
      entity: 'product',
      entityId: id,
      before: versionOf(row),
      after: versionOf(updated),
    });
    return updated.version;
  });
}
