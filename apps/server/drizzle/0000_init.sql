CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"official_fee_cents" integer DEFAULT 0 NOT NULL,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"stores" integer[] DEFAULT '{}' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"visible_on_services" integer[] DEFAULT '{}' NOT NULL,
	"editable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"municipality" text NOT NULL,
	"municipality_ine" text,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"delivery_hours" integer NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slow_registry_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_example" boolean DEFAULT false NOT NULL,
	CONSTRAINT "slow_registry_places_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"portal_name" text NOT NULL,
	"homepage" text NOT NULL,
	"phone" text NOT NULL,
	"navbar_image" text DEFAULT '' NOT NULL,
	"hostnames" text[] DEFAULT '{}' NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"card_gateway" text DEFAULT 'sandbox' NOT NULL,
	"payment_methods" text[] DEFAULT '{}' NOT NULL,
	"analytics_account" text,
	"tag_ids" text[] DEFAULT '{}' NOT NULL,
	"optimize_id" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"firstname" text DEFAULT '' NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"preferred_payment" text DEFAULT 'cc' NOT NULL,
	"billing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'operator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"csrf_token" text NOT NULL,
	"store_id" integer NOT NULL,
	"customer_id" integer,
	"quote_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_series_year_number_uq" UNIQUE("series","year","number")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"base_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"file_id" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_series_year_number_uq" UNIQUE("series","year","number")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"quote_item_id" integer,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"parent_id" integer,
	"qty" integer DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"panel_status_id" integer DEFAULT 10 NOT NULL,
	"referencia" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_sequences" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"next" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"panel_status_id" integer,
	"payment_method" text,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"email" text NOT NULL,
	"billing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"method" text NOT NULL,
	"gateway" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_ref" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_order_attempt_uq" UNIQUE("order_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "quote_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_version" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"qty" integer DEFAULT 1 NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"form" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_cents" integer NOT NULL,
	"origin" text,
	"origin_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"session_id" text,
	"customer_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "es_municipalities" (
	"ine" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"official_name" text NOT NULL,
	"slug" text NOT NULL,
	"province_code" text NOT NULL,
	"province" text NOT NULL,
	"ccaa_code" text NOT NULL,
	"ccaa" text NOT NULL,
	CONSTRAINT "es_municipalities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "es_provinces" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"official_name" text NOT NULL,
	"slug" text NOT NULL,
	"ccaa_code" text NOT NULL,
	"ccaa" text NOT NULL,
	"municipality_count" integer NOT NULL,
	CONSTRAINT "es_provinces_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pt_concelhos" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"distrito_code" text NOT NULL,
	"distrito" text NOT NULL,
	"region" text NOT NULL,
	CONSTRAINT "pt_concelhos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pt_distritos" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"region" text NOT NULL,
	"group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pt_freguesias" (
	"code" text PRIMARY KEY NOT NULL,
	"freguesia" text NOT NULL,
	"short_name" text NOT NULL,
	"concelho" text NOT NULL,
	"concelho_code" text NOT NULL,
	"distrito" text NOT NULL,
	"distrito_code" text NOT NULL,
	"region" text NOT NULL,
	"restored_2025" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pt_freguesias_2013" (
	"code" text PRIMARY KEY NOT NULL,
	"freguesia" text NOT NULL,
	"concelho" text NOT NULL,
	"concelho_code" text NOT NULL,
	"distrito" text NOT NULL,
	"distrito_code" text NOT NULL,
	"exists_in_caop_2025" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"quote_id" integer,
	"order_id" text,
	"item_id" integer,
	"option_id" integer,
	"kind" text DEFAULT 'upload' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_uq" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "quote_items_quote_idx" ON "quote_items" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "files_quote_idx" ON "files" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "files_order_idx" ON "files" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("status","run_after");