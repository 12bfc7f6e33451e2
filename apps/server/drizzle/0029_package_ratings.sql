-- A delivery's rating by its recipient or sender (docs/decisions/0051): one a package, gone with it,
-- with the driver of the run it was delivered on; and the delivery e-mail's single-use rating links,
-- kept as the hashes of their tokens.
CREATE TABLE "package_rating_links" (
	"package_id" uuid NOT NULL,
	"party" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "package_rating_links_package_id_party_pk" PRIMARY KEY("package_id","party")
);
--> statement-breakpoint
CREATE TABLE "package_ratings" (
	"package_id" uuid PRIMARY KEY NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"rated_by" text NOT NULL,
	"rated_how" text NOT NULL,
	"driver_id" uuid,
	"rated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_ratings_stars_check" CHECK ("package_ratings"."stars" between 1 and 5),
	CONSTRAINT "package_ratings_rated_by_check" CHECK ("package_ratings"."rated_by" in ('recipient', 'shipper')),
	CONSTRAINT "package_ratings_rated_how_check" CHECK ("package_ratings"."rated_how" in ('check', 'link'))
);
--> statement-breakpoint
ALTER TABLE "package_rating_links" ADD CONSTRAINT "package_rating_links_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_ratings" ADD CONSTRAINT "package_ratings_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_ratings" ADD CONSTRAINT "package_ratings_driver_id_operators_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_rating_links_token_hash_key" ON "package_rating_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "package_ratings_rated_at_idx" ON "package_ratings" USING btree ("rated_at");