DROP TABLE "outbox" CASCADE;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_messages_status_idx" ON "mail_messages" USING btree ("status");