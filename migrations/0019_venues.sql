-- Hand-written: venues, their courts and dated closures, and where a game is played
-- (docs/venues.md, docs/decisions/2026-11-28-venues.md). Every row carries organization_id and a
-- version raised by the database on every update (docs/api-concurrency.md); every write bumps the
-- organization's data version (the edge cache, migration 0002).
CREATE TABLE `venues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`map_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `venues_org_name` ON `venues` (`organization_id`,`name`);--> statement-breakpoint
CREATE TABLE `courts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`venue_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`hours` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `courts_venue_name` ON `courts` (`venue_id`,`name`);--> statement-breakpoint
CREATE INDEX `courts_org` ON `courts` (`organization_id`);--> statement-breakpoint
CREATE TABLE `court_closures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`venue_id` integer NOT NULL,
	`court_id` integer,
	`date` text NOT NULL,
	`from_time` text,
	`to_time` text,
	`reason` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`court_id`) REFERENCES `courts`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `court_closures_venue_date` ON `court_closures` (`venue_id`,`date`);--> statement-breakpoint
CREATE INDEX `court_closures_org` ON `court_closures` (`organization_id`);--> statement-breakpoint
-- A game's venue and court: NO ACTION, so a venue or court games use is never removed under them
-- unseen; the routes clear the games' references in the delete's own batch after a confirmation.
ALTER TABLE `games` ADD `venue_id` integer REFERENCES venues(id);--> statement-breakpoint
ALTER TABLE `games` ADD `court_id` integer REFERENCES courts(id);--> statement-breakpoint
CREATE INDEX `games_venue` ON `games` (`venue_id`);--> statement-breakpoint
CREATE INDEX `games_court` ON `games` (`court_id`);--> statement-breakpoint
CREATE TRIGGER `venues_raises_version` AFTER UPDATE ON `venues` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `venues` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `courts_raises_version` AFTER UPDATE ON `courts` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `courts` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `court_closures_raises_version` AFTER UPDATE ON `court_closures` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `court_closures` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `venues_insert_bumps_version` AFTER INSERT ON `venues` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `venues_update_bumps_version` AFTER UPDATE ON `venues` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `venues_delete_bumps_version` AFTER DELETE ON `venues` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `courts_insert_bumps_version` AFTER INSERT ON `courts` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `courts_update_bumps_version` AFTER UPDATE ON `courts` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `courts_delete_bumps_version` AFTER DELETE ON `courts` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `court_closures_insert_bumps_version` AFTER INSERT ON `court_closures` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `court_closures_update_bumps_version` AFTER UPDATE ON `court_closures` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `court_closures_delete_bumps_version` AFTER DELETE ON `court_closures` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;
-- Their audit triggers are in the newest *_audit_triggers.sql migration, with every other table's.
