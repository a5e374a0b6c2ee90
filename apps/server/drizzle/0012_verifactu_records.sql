CREATE TABLE "verifactu_chains" (
	"issuer_nif" text PRIMARY KEY NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"last_num_serie" text,
	"last_fecha" text,
	"last_huella" text,
	"last_generated_at" timestamp with time zone,
	"sending_until" timestamp with time zone,
	"next_send_at" timestamp with time zone,
	"wake_at" timestamp with time zone,
	"last_error" text,
	"last_csv" text
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer_nif" text NOT NULL,
	"issuer_name" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"credit_note_id" integer,
	"tipo_factura" text,
	"num_serie" text NOT NULL,
	"fecha_expedicion" text NOT NULL,
	"cuota_cents" integer,
	"importe_cents" integer,
	"generated_at" text NOT NULL,
	"previous_huella" text,
	"huella" text NOT NULL,
	"xml" text NOT NULL,
	"corrects_record_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"aeat_state" text,
	"aeat_error_code" text,
	"aeat_error_text" text,
	"csv" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"corrected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verifactu_records_chain_uq" UNIQUE("issuer_nif","seq")
);
--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "verifactu_records_credit_note_idx" ON "verifactu_records" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "verifactu_records_status_idx" ON "verifactu_records" USING btree ("status");