CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"country" text NOT NULL,
	"municipality" text DEFAULT '' NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_country_tax_id_uq" ON "companies" USING btree ("country","tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_items_quote_request_uq" ON "quote_items" USING btree ("quote_id","request_id");