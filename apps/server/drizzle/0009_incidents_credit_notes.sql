CREATE TABLE "incident_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"message" text NOT NULL,
	"operator_id" integer,
	"created_by" text NOT NULL,
	"form" jsonb,
	"answers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refund_ref" text;--> statement-breakpoint
ALTER TABLE "incident_forms" ADD CONSTRAINT "incident_forms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_forms" ADD CONSTRAINT "incident_forms_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_forms_order_idx" ON "incident_forms" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_order_uq" ON "credit_notes" USING btree ("order_id");