CREATE TABLE "calendar_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"municipality" text,
	"name" text NOT NULL,
	"seeded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "urgent_delivery_hours" integer;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "country" text DEFAULT 'ES' NOT NULL;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "opens_at" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "closes_at" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "registries" ADD COLUMN "saturday_closes_at" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_basis" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "late_refund" jsonb;--> statement-breakpoint
CREATE INDEX "calendar_holidays_date_idx" ON "calendar_holidays" USING btree ("date");--> statement-breakpoint
CREATE INDEX "orders_promised_idx" ON "orders" USING btree ("promised_at");