ALTER TABLE "files" RENAME COLUMN "item_id" TO "quote_item_id";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "order_item_id" integer;--> statement-breakpoint
-- Data written before the foreign keys existed may point at rows that are gone
-- (ended sessions were deleted without clearing their quotes' session_id, removed
-- cart items without clearing their files' item_id): clear those references first.
UPDATE "quotes" SET "session_id" = NULL WHERE "session_id" IS NOT NULL AND "session_id" NOT IN (SELECT "id" FROM "sessions");--> statement-breakpoint
UPDATE "sessions" SET "quote_id" = NULL WHERE "quote_id" IS NOT NULL AND "quote_id" NOT IN (SELECT "id" FROM "quotes");--> statement-breakpoint
UPDATE "sessions" SET "customer_id" = NULL WHERE "customer_id" IS NOT NULL AND "customer_id" NOT IN (SELECT "id" FROM "customers");--> statement-breakpoint
UPDATE "files" SET "quote_item_id" = NULL WHERE "quote_item_id" IS NOT NULL AND "quote_item_id" NOT IN (SELECT "id" FROM "quote_items");--> statement-breakpoint
UPDATE "files" SET "quote_id" = NULL WHERE "quote_id" IS NOT NULL AND "quote_id" NOT IN (SELECT "id" FROM "quotes");--> statement-breakpoint
DELETE FROM "quote_items" WHERE "quote_id" NOT IN (SELECT "id" FROM "quotes");--> statement-breakpoint
UPDATE "quote_items" SET "parent_id" = NULL WHERE "parent_id" IS NOT NULL AND "parent_id" NOT IN (SELECT "id" FROM "quote_items");--> statement-breakpoint
UPDATE "registries" SET "municipality_ine" = NULL WHERE "municipality_ine" IS NOT NULL AND "municipality_ine" NOT IN (SELECT "ine" FROM "es_municipalities");--> statement-breakpoint
ALTER TABLE "registries" ADD CONSTRAINT "registries_municipality_ine_es_municipalities_ine_fk" FOREIGN KEY ("municipality_ine") REFERENCES "public"."es_municipalities"("ine") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quote_item_id_quote_items_id_fk" FOREIGN KEY ("quote_item_id") REFERENCES "public"."quote_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_parent_id_order_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sequences" ADD CONSTRAINT "order_sequences_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_parent_id_quote_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quote_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "es_municipalities" ADD CONSTRAINT "es_municipalities_province_code_es_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."es_provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_concelhos" ADD CONSTRAINT "pt_concelhos_distrito_code_pt_distritos_code_fk" FOREIGN KEY ("distrito_code") REFERENCES "public"."pt_distritos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_freguesias" ADD CONSTRAINT "pt_freguesias_concelho_code_pt_concelhos_code_fk" FOREIGN KEY ("concelho_code") REFERENCES "public"."pt_concelhos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_freguesias" ADD CONSTRAINT "pt_freguesias_distrito_code_pt_distritos_code_fk" FOREIGN KEY ("distrito_code") REFERENCES "public"."pt_distritos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_freguesias_2013" ADD CONSTRAINT "pt_freguesias_2013_concelho_code_pt_concelhos_code_fk" FOREIGN KEY ("concelho_code") REFERENCES "public"."pt_concelhos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_freguesias_2013" ADD CONSTRAINT "pt_freguesias_2013_distrito_code_pt_distritos_code_fk" FOREIGN KEY ("distrito_code") REFERENCES "public"."pt_distritos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_quote_item_id_quote_items_id_fk" FOREIGN KEY ("quote_item_id") REFERENCES "public"."quote_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registries_municipality_ine_idx" ON "registries" USING btree ("municipality_ine");--> statement-breakpoint
CREATE INDEX "sessions_customer_idx" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sessions_quote_idx" ON "sessions" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "credit_notes_file_idx" ON "credit_notes" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_file_idx" ON "invoices" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "order_items_parent_idx" ON "order_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "order_items_quote_item_idx" ON "order_items" USING btree ("quote_item_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "quote_items_parent_idx" ON "quote_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "quote_items_product_idx" ON "quote_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "quotes_session_idx" ON "quotes" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "es_municipalities_province_idx" ON "es_municipalities" USING btree ("province_code");--> statement-breakpoint
CREATE INDEX "pt_concelhos_distrito_idx" ON "pt_concelhos" USING btree ("distrito_code");--> statement-breakpoint
CREATE INDEX "pt_freguesias_concelho_idx" ON "pt_freguesias" USING btree ("concelho_code");--> statement-breakpoint
CREATE INDEX "pt_freguesias_distrito_idx" ON "pt_freguesias" USING btree ("distrito_code");--> statement-breakpoint
CREATE INDEX "pt_freguesias_2013_concelho_idx" ON "pt_freguesias_2013" USING btree ("concelho_code");--> statement-breakpoint
CREATE INDEX "pt_freguesias_2013_distrito_idx" ON "pt_freguesias_2013" USING btree ("distrito_code");--> statement-breakpoint
CREATE INDEX "files_quote_item_idx" ON "files" USING btree ("quote_item_id");--> statement-breakpoint
CREATE INDEX "files_order_item_idx" ON "files" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "csrf_token";