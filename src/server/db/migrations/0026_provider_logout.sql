ALTER TABLE "identity_providers" ADD COLUMN "logout_endpoint" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "identity_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id_token_sealed" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_identity_provider_id_identity_providers_id_fk" FOREIGN KEY ("identity_provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE set null ON UPDATE no action;