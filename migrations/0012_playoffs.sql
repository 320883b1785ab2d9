-- Tiebreakers per league, playoff brackets and bracket games (docs/playoffs.md).
CREATE TABLE `league_tiebreakers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`league_id` integer NOT NULL,
	`rules` text NOT NULL,
	`point_cap` integer,
	`staff_order` text DEFAULT '[]' NOT NULL,
	`playoff_spots` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `league_tiebreakers_league` ON `league_tiebreakers` (`league_id`);--> statement-breakpoint
CREATE INDEX `league_tiebreakers_org` ON `league_tiebreakers` (`organization_id`);--> statement-breakpoint
CREATE TABLE `brackets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`season_id` integer NOT NULL,
	`league_id` integer NOT NULL,
	`division_id` integer,
	`name` text NOT NULL,
	`seeds` text NOT NULL,
	`third_place` integer DEFAULT false NOT NULL,
	`reseed` integer DEFAULT false NOT NULL,
	`eligibility` text DEFAULT 'all' NOT NULL,
	`rounds` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`division_id`) REFERENCES `divisions`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `brackets_org_season` ON `brackets` (`organization_id`,`season_id`);--> statement-breakpoint
CREATE TABLE `bracket_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`bracket_id` integer NOT NULL,
	`round` integer NOT NULL,
	`slot` integer NOT NULL,
	`kind` text DEFAULT 'main' NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bracket_id`) REFERENCES `brackets`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `bracket_slots_place` ON `bracket_slots` (`bracket_id`,`kind`,`round`,`slot`);--> statement-breakpoint
ALTER TABLE `games` ADD `bracket_slot_id` integer REFERENCES bracket_slots(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `games_bracket_slot` ON `games` (`bracket_slot_id`);--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_raises_version` AFTER UPDATE ON `league_tiebreakers` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `league_tiebreakers` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `brackets_raises_version` AFTER UPDATE ON `brackets` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `brackets` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_insert_bumps_version` AFTER INSERT ON `league_tiebreakers` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_update_bumps_version` AFTER UPDATE ON `league_tiebreakers` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `league_tiebreakers_delete_bumps_version` AFTER DELETE ON `league_tiebreakers` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `brackets_insert_bumps_version` AFTER INSERT ON `brackets` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `brackets_update_bumps_version` AFTER UPDATE ON `brackets` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `brackets_delete_bumps_version` AFTER DELETE ON `brackets` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `bracket_slots_insert_bumps_version` AFTER INSERT ON `bracket_slots` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `bracket_slots_update_bumps_version` AFTER UPDATE ON `bracket_slots` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `bracket_slots_delete_bumps_version` AFTER DELETE ON `bracket_slots` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;--> statement-breakpoint
-- Its audit triggers are in the newest *_audit_triggers.sql migration, with every other table's.
