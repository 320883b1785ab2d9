-- The directory (docs/scaling.md "Past one database"): which D1 database holds which organization,
-- with its slug and custom domain, read by every request before its first query. It is read from
-- the home database `DB` only; the table exists in every database because every database has the
-- same schema (migrations apply to all of them). `state`: active, moving (its writes pause),
-- moved-cleanup (switched; the source's rows are being removed).
CREATE TABLE `org_directory` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`domain` text,
	`binding` text DEFAULT 'DB' NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_directory_slug` ON `org_directory` (`slug`);
--> statement-breakpoint
CREATE UNIQUE INDEX `org_directory_domain` ON `org_directory` (`domain`);
--> statement-breakpoint
-- Every organization already here lives on this database; on `DB` that is the backfill the issue asks for.
INSERT INTO `org_directory` (`organization_id`, `slug`, `domain`, `binding`) SELECT `id`, lower(`slug`), lower(`domain`), 'DB' FROM `organizations`;
