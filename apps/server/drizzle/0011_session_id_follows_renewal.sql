ALTER TABLE "quotes" DROP CONSTRAINT "quotes_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE cascade;