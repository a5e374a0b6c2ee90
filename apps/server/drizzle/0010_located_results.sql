CREATE TABLE "located_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"quote_id" integer,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "located_results" ADD CONSTRAINT "located_results_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "located_results" ADD CONSTRAINT "located_results_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "located_results" ADD CONSTRAINT "located_results_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "located_results_item_uq" ON "located_results" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "located_results_order_idx" ON "located_results" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "located_results_quote_idx" ON "located_results" USING btree ("quote_id");