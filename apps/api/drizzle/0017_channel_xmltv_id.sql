ALTER TABLE "channels" ADD COLUMN "xmltv_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_xmltv_id_idx" ON "channels" USING btree ("xmltv_id");