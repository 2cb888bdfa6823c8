CREATE TABLE "oidc_links" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"linked_at" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "oidc_links_issuer_subject_pk" PRIMARY KEY("issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "oidc_links" ADD CONSTRAINT "oidc_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_links_user_idx" ON "oidc_links" USING btree ("user_id");