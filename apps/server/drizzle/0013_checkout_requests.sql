CREATE TABLE "checkout_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"session_id" text NOT NULL,
	"renewed_session_id" text NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_requests_session_request_uq" ON "checkout_requests" USING btree ("session_id","request_id");--> statement-breakpoint
CREATE INDEX "checkout_requests_renewed_idx" ON "checkout_requests" USING btree ("renewed_session_id","request_id");--> statement-breakpoint
CREATE INDEX "checkout_requests_order_idx" ON "checkout_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "checkout_requests_payment_idx" ON "checkout_requests" USING btree ("payment_id");