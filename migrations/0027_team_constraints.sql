-- Hand-written: what each team asks of its schedule (docs/venues.md "Team constraints",
-- docs/decisions/2026-11-29-team-constraints.md): blackout dates (hard) and requests (soft: earliest
-- or latest start, a preferred venue, not two games the same night), each with its reason, entered by
-- staff or by the team's captain (member_id). Every row carries organization_id and a version raised by
-- the database on every update; every write bumps the organization's data version (migration 0002).
CREATE TABLE `team_constraints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`organization_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`kind` text NOT NULL,
	`date` text,
	`time` text,
	`venue_id` integer,
	`reason` text NOT NULL,
	`member_id` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`venue_id`) REFERENCES `venues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);--> statement-breakpoint
CREATE INDEX `team_constraints_team` ON `team_constraints` (`team_id`);--> statement-breakpoint
CREATE INDEX `team_constraints_org` ON `team_constraints` (`organization_id`);--> statement-breakpoint
CREATE TRIGGER `team_constraints_raises_version` AFTER UPDATE ON `team_constraints` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `team_constraints` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `team_constraints_insert_bumps_version` AFTER INSERT ON `team_constraints` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `team_constraints_update_bumps_version` AFTER UPDATE ON `team_constraints` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = NEW.`organization_id`; END;--> statement-breakpoint
CREATE TRIGGER `team_constraints_delete_bumps_version` AFTER DELETE ON `team_constraints` BEGIN UPDATE `organizations` SET `data_version` = `data_version` + 1 WHERE `id` = OLD.`organization_id`; END;
-- Their audit triggers are in the newest *_audit_triggers.sql migration, with every other table's.
