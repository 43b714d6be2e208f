CREATE TABLE "staff_password_rule" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"min_length" integer NOT NULL,
	"refuse_common" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "staff_password_rule_one_row" CHECK ("staff_password_rule"."id"),
	CONSTRAINT "staff_password_rule_min_length" CHECK ("staff_password_rule"."min_length" BETWEEN 6 AND 64)
);
--> statement-breakpoint
ALTER TABLE "staff_password_rule" ADD CONSTRAINT "staff_password_rule_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;