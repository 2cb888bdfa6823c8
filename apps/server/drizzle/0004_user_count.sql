CREATE TABLE "user_count" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
