-- Optimistic concurrency (docs/api-concurrency.md): every row someone else can edit carries a
-- version, raised by the database itself on every update, so a save made from a stale copy can be
-- refused inside the very statement batch that would have overwritten it.--> statement-breakpoint
ALTER TABLE `seasons` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `seasons_leagues` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `divisions` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `teams` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `schedules` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `games` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `businesses` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `stat_definitions` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_attributes` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_pages` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `seasons_raises_version` AFTER UPDATE ON `seasons` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `seasons` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `leagues_raises_version` AFTER UPDATE ON `leagues` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `leagues` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `seasons_leagues_raises_version` AFTER UPDATE ON `seasons_leagues` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `seasons_leagues` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `divisions_raises_version` AFTER UPDATE ON `divisions` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `divisions` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `players_raises_version` AFTER UPDATE ON `players` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `players` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `teams_raises_version` AFTER UPDATE ON `teams` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `teams` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `schedules_raises_version` AFTER UPDATE ON `schedules` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `schedules` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `games_raises_version` AFTER UPDATE ON `games` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `games` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `businesses_raises_version` AFTER UPDATE ON `businesses` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `businesses` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `stat_definitions_raises_version` AFTER UPDATE ON `stat_definitions` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `stat_definitions` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `player_attributes_raises_version` AFTER UPDATE ON `player_attributes` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `player_attributes` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `site_pages_raises_version` AFTER UPDATE ON `site_pages` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `site_pages` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `organizations_raises_version` AFTER UPDATE OF `name`, `slug`, `domain`, `theme`, `logo_key`, `facebook_url`, `instagram_url`, `youtube_url`, `custom_page_url`, `custom_site`, `navigation`, `home_variant`, `is_platform` ON `organizations` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `organizations` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
CREATE TRIGGER `users_raises_version` AFTER UPDATE OF `organization_id`, `username`, `email`, `password_hash`, `role`, `theme`, `reset_password` ON `users` WHEN NEW.`version` = OLD.`version` BEGIN UPDATE `users` SET `version` = OLD.`version` + 1 WHERE `id` = NEW.`id`; END;--> statement-breakpoint
-- A box score is edited line by line (one player's stats in one game): each line's version is
-- raised by any insert, change or removal of one of its stat rows, and never goes back, even when
-- the line is emptied and entered again.
CREATE TABLE `box_lines` (
	`game_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`game_id`, `player_id`)
);--> statement-breakpoint
CREATE TRIGGER `player_game_stats_insert_raises_line` AFTER INSERT ON `player_game_stats` BEGIN INSERT INTO `box_lines` (`game_id`, `player_id`, `organization_id`) VALUES (NEW.`game_id`, NEW.`player_id`, NEW.`organization_id`) ON CONFLICT (`game_id`, `player_id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `player_game_stats_update_raises_line` AFTER UPDATE ON `player_game_stats` BEGIN INSERT INTO `box_lines` (`game_id`, `player_id`, `organization_id`) VALUES (NEW.`game_id`, NEW.`player_id`, NEW.`organization_id`) ON CONFLICT (`game_id`, `player_id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `player_game_stats_delete_raises_line` AFTER DELETE ON `player_game_stats` BEGIN INSERT INTO `box_lines` (`game_id`, `player_id`, `organization_id`) VALUES (OLD.`game_id`, OLD.`player_id`, OLD.`organization_id`) ON CONFLICT (`game_id`, `player_id`) DO UPDATE SET `version` = `version` + 1; END;--> statement-breakpoint
CREATE TRIGGER `games_delete_drops_lines` AFTER DELETE ON `games` BEGIN DELETE FROM `box_lines` WHERE `game_id` = OLD.`id`; END;--> statement-breakpoint
-- A write that finds its rows changed since they were read inserts a row here, which aborts the
-- whole batch: the guard of worker/db/guards.ts. The table never holds a row.
CREATE TABLE `write_guards` (`reason` text NOT NULL);
CREATE TRIGGER `write_guards_abort` BEFORE INSERT ON `write_guards` BEGIN SELECT RAISE(ABORT, 'courtside write guard: rows changed since they were read'); END;--> statement-breakpoint
-- The edge cache's keys (worker/middleware/cache.ts) carry a random epoch drawn anew at every
-- data-version bump: after a restore or a D1 Time Travel rewinds data_version, the next write draws
-- an epoch no cached answer was ever stored under, so a discarded timeline is never served.
ALTER TABLE `organizations` ADD `cache_epoch` text DEFAULT '' NOT NULL;
UPDATE `organizations` SET `cache_epoch` = lower(hex(randomblob(8)));
CREATE TRIGGER `organizations_draw_cache_epoch` AFTER UPDATE OF `data_version` ON `organizations` BEGIN UPDATE `organizations` SET `cache_epoch` = lower(hex(randomblob(8))) WHERE `id` = NEW.`id`; END;
