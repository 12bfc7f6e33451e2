-- Random keys the server signs with (the anti-forgery token, the sign-in device cookie), made by the
-- first process that needs one and shared by every process on the database.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
