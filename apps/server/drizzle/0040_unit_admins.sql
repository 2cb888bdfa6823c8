-- The units a unit administrator (users.role 'unit_admin') administers, with every unit under each
-- (docs/decisions/029-unit-tree-and-unit-admins.md). Read on each of its requests, so a change
-- applies at once; set only by a full administrator (POST admin/users/{id}, admin_units).
CREATE TABLE "admin_units" (
	"user_id" text NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "admin_units_user_id_unit_pk" PRIMARY KEY("user_id","unit")
);
--> statement-breakpoint
ALTER TABLE "admin_units" ADD CONSTRAINT "admin_units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
