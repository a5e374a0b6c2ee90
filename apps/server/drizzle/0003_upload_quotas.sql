ALTER TABLE "files" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_session_idx" ON "files" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "files_client_address_idx" ON "files" USING btree ("client_address","created_at");