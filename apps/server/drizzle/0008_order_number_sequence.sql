CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- Go on after the highest number any store's counter has issued, so no existing order id comes again.
SELECT setval('order_number_seq', max("next") - 1) FROM "order_sequences" HAVING max("next") > 1;--> statement-breakpoint
DROP TABLE "order_sequences" CASCADE;
