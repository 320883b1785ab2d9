CREATE TABLE `audit_context` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer,
	`username` text,
	`organization_id` integer,
	`request_id` text
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`user_id` integer NOT NULL,
	`username` text NOT NULL,
	`request_id` text,
	`action` text NOT NULL,
	`table_name` text NOT NULL,
	`row_id` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_org_id` ON `audit_log` (`organization_id`,"id" desc);--> statement-breakpoint
CREATE INDEX `audit_log_org_table` ON `audit_log` (`organization_id`,`table_name`,`id`);