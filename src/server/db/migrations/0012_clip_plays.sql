ALTER TABLE "exam_media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media_plays" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "media_plays" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "media_plays_token_idx" ON "media_plays" USING btree ("token_hash");