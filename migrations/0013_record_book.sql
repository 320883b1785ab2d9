-- Hand-written: the record book and career pages (docs/records.md).
--
-- record_totals holds, per player and stat, one row per season and league the player played in
-- (`season_id` the season, `league_id` the game's league, 0 without one) and career rows
-- (`season_id` 0) for all leagues (`league_id` 0) and for each league. Percentage stats (FG%, FT%,
-- 2P%, 3P%) get rows of their own: `total` the made, `attempts` the attempted. Like the season totals
-- of migration 0006 the rows are never written by route code: the triggers below adjust them in the
-- very statement that inserts, edits or deletes a box-score row, or moves a game to another season
-- or league, so they change in the same D1 batch (one transaction) as the box score. Games without a
-- season are not counted (as in player_season_totals).
--
-- Single-game records and career highs read the box score itself through `pgs_stat_value`:
-- an index the database keeps exact in the same transaction (docs/decisions/2026-11-25-record-book-storage.md).
ALTER TABLE `organizations` ADD `record_min_games` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `record_min_attempts` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
-- Changing a minimum raises the row's version (docs/api-concurrency.md) and the data version (the
-- cached record book answers were made with the old minimum).
CREATE TRIGGER `organizations_record_settings_raise_versions` AFTER UPDATE OF `record_min_games`, `record_min_attempts` ON `organizations`
  WHEN NEW.`version` = OLD.`version` BEGIN
  UPDATE `organizations` SET `version` = OLD.`version` + 1, `data_version` = `data_version` + 1 WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TABLE `record_totals` (
	`organization_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`stat_id` integer NOT NULL,
	`season_id` integer NOT NULL,
	`league_id` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`box_rows` integer DEFAULT 0 NOT NULL,
	`career` integer GENERATED ALWAYS AS (`season_id` = 0) VIRTUAL,
	`rate` real GENERATED ALWAYS AS (CASE WHEN `attempts` > 0 THEN `total` * 1.0 / `attempts` WHEN `games` > 0 THEN `total` * 1.0 / `games` ELSE 0 END) VIRTUAL,
	PRIMARY KEY(`player_id`, `stat_id`, `season_id`, `league_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stat_id`) REFERENCES `stat_definitions`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- Highest totals and highest rates (averages, percentages; with what qualifies them, so the walk
-- down a rate skips the unqualified without reading their rows) of one stat's season rows or career
-- rows, of every league or of one; a season range's rows added up (covering); the largest games and
-- attempts (whether anybody qualifies at all).
CREATE INDEX `record_totals_total` ON `record_totals` (`organization_id`,`stat_id`,`career`,`total`);--> statement-breakpoint
CREATE INDEX `record_totals_league_total` ON `record_totals` (`organization_id`,`stat_id`,`league_id`,`career`,`total`);--> statement-breakpoint
CREATE INDEX `record_totals_rate` ON `record_totals` (`organization_id`,`stat_id`,`career`,`rate`,`games`,`attempts`);--> statement-breakpoint
CREATE INDEX `record_totals_league_rate` ON `record_totals` (`organization_id`,`stat_id`,`league_id`,`career`,`rate`,`games`,`attempts`);--> statement-breakpoint
CREATE INDEX `record_totals_season` ON `record_totals` (`organization_id`,`stat_id`,`career`,`season_id`,`league_id`,`player_id`,`total`,`games`,`attempts`);--> statement-breakpoint
CREATE INDEX `record_totals_games` ON `record_totals` (`organization_id`,`stat_id`,`career`,`games`);--> statement-breakpoint
CREATE INDEX `record_totals_attempts` ON `record_totals` (`organization_id`,`stat_id`,`career`,`attempts`);--> statement-breakpoint
-- Single-game records: one stat's highest box-score values, read from the top. Not led by
-- organization_id: a stat belongs to one organization already, and an (organization, …) index would
-- tempt the planner away from the game index for a game's own rows.
CREATE INDEX `pgs_stat_value` ON `player_game_stats` (`stat_id`,`value`);--> statement-breakpoint
-- Where a box-score row of a stat adds up: its own row (made into `total`, one game), and for a
-- made or attempted stat of a percentage also the percentage's row (made into `total`, attempted
-- into `attempts`, one game per attempted row). Percentage stats themselves are never stored.
CREATE VIEW `record_stat_targets` AS
  SELECT d.`id` AS `stat_id`, d.`id` AS `target_id`, 1 AS `made`, 0 AS `attempted`, 1 AS `game`
  FROM `stat_definitions` d WHERE d.`abbreviation` NOT IN ('FG%', 'FT%', '2P%', '3P%')
  UNION ALL
  SELECT d.`id`, p.`id`, d.`abbreviation` IN ('FGM', 'FTM', '2PM', '3PM'), d.`abbreviation` IN ('FGA', 'FTA', '2PA', '3PA'), d.`abbreviation` IN ('FGA', 'FTA', '2PA', '3PA')
  FROM `stat_definitions` d
  INNER JOIN `stat_definitions` p ON p.`organization_id` = d.`organization_id` AND p.`sport_id` = d.`sport_id`
    AND p.`abbreviation` = CASE d.`abbreviation` WHEN 'FGM' THEN 'FG%' WHEN 'FGA' THEN 'FG%' WHEN 'FTM' THEN 'FT%' WHEN 'FTA' THEN 'FT%'
      WHEN '2PM' THEN '2P%' WHEN '2PA' THEN '2P%' WHEN '3PM' THEN '3P%' WHEN '3PA' THEN '3P%' END;--> statement-breakpoint
-- The scopes a game's row counts in: its season and league (league 0 without one), the career of
-- all leagues, and the career of its league (when it has one).
CREATE VIEW `record_game_scopes` AS
  SELECT g.`id` AS `game_id`, g.`season_id` AS `season_id`, coalesce(g.`league_id`, 0) AS `league_id` FROM `games` g WHERE g.`season_id` IS NOT NULL
  UNION ALL
  SELECT g.`id`, 0, 0 FROM `games` g WHERE g.`season_id` IS NOT NULL
  UNION ALL
  SELECT g.`id`, 0, g.`league_id` FROM `games` g WHERE g.`season_id` IS NOT NULL AND g.`league_id` IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `pgs_insert_adds_to_records` AFTER INSERT ON `player_game_stats` BEGIN
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT NEW.`organization_id`, NEW.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`, t.`made` * NEW.`value`, t.`game`, t.`attempted` * NEW.`value`, 1
    FROM `record_stat_targets` t, `record_game_scopes` s WHERE t.`stat_id` = NEW.`stat_id` AND s.`game_id` = NEW.`game_id`
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `pgs_delete_subtracts_from_records` AFTER DELETE ON `player_game_stats` BEGIN
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT OLD.`organization_id`, OLD.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`, -t.`made` * OLD.`value`, -t.`game`, -t.`attempted` * OLD.`value`, -1
    FROM `record_stat_targets` t, `record_game_scopes` s WHERE t.`stat_id` = OLD.`stat_id` AND s.`game_id` = OLD.`game_id`
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` - 1;
  DELETE FROM `record_totals` WHERE `player_id` = OLD.`player_id` AND `box_rows` <= 0
    AND `stat_id` IN (SELECT `target_id` FROM `record_stat_targets` WHERE `stat_id` = OLD.`stat_id`);
END;--> statement-breakpoint
CREATE TRIGGER `pgs_update_moves_records` AFTER UPDATE OF `game_id`, `player_id`, `stat_id`, `value` ON `player_game_stats` BEGIN
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT OLD.`organization_id`, OLD.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`, -t.`made` * OLD.`value`, -t.`game`, -t.`attempted` * OLD.`value`, -1
    FROM `record_stat_targets` t, `record_game_scopes` s WHERE t.`stat_id` = OLD.`stat_id` AND s.`game_id` = OLD.`game_id`
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` - 1;
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT NEW.`organization_id`, NEW.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`, t.`made` * NEW.`value`, t.`game`, t.`attempted` * NEW.`value`, 1
    FROM `record_stat_targets` t, `record_game_scopes` s WHERE t.`stat_id` = NEW.`stat_id` AND s.`game_id` = NEW.`game_id`
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` + 1;
  DELETE FROM `record_totals` WHERE `player_id` = OLD.`player_id` AND `box_rows` <= 0
    AND `stat_id` IN (SELECT `target_id` FROM `record_stat_targets` WHERE `stat_id` = OLD.`stat_id`);
END;--> statement-breakpoint
-- A game moved to another season or league takes its box score's rows along: out of the old
-- scopes (read from OLD, since the scopes view already sees the new ones), into the new.
CREATE TRIGGER `games_scope_change_moves_records` AFTER UPDATE OF `season_id`, `league_id` ON `games`
  WHEN OLD.`season_id` IS NOT NEW.`season_id` OR coalesce(OLD.`league_id`, 0) IS NOT coalesce(NEW.`league_id`, 0) BEGIN
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT b.`organization_id`, b.`player_id`, t.`target_id`, o.`season_id`, o.`league_id`, -t.`made` * b.`value`, -t.`game`, -t.`attempted` * b.`value`, -1
    FROM `player_game_stats` b
    INNER JOIN `record_stat_targets` t ON t.`stat_id` = b.`stat_id`
    INNER JOIN (SELECT OLD.`season_id` AS `season_id`, coalesce(OLD.`league_id`, 0) AS `league_id`
      UNION ALL SELECT 0, 0 UNION ALL SELECT 0, OLD.`league_id` WHERE OLD.`league_id` IS NOT NULL) o
    WHERE b.`game_id` = NEW.`id` AND OLD.`season_id` IS NOT NULL
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` - 1;
  INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
    SELECT b.`organization_id`, b.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`, t.`made` * b.`value`, t.`game`, t.`attempted` * b.`value`, 1
    FROM `player_game_stats` b
    INNER JOIN `record_stat_targets` t ON t.`stat_id` = b.`stat_id`
    INNER JOIN `record_game_scopes` s ON s.`game_id` = b.`game_id`
    WHERE b.`game_id` = NEW.`id`
    ON CONFLICT (`player_id`, `stat_id`, `season_id`, `league_id`) DO UPDATE SET `total` = `total` + excluded.`total`,
      `games` = `games` + excluded.`games`, `attempts` = `attempts` + excluded.`attempts`, `box_rows` = `box_rows` + 1;
  DELETE FROM `record_totals` WHERE `box_rows` <= 0
    AND `player_id` IN (SELECT `player_id` FROM `player_game_stats` WHERE `game_id` = NEW.`id`);
END;--> statement-breakpoint
-- Backfill from the box scores already recorded.
INSERT INTO `record_totals` (`organization_id`, `player_id`, `stat_id`, `season_id`, `league_id`, `total`, `games`, `attempts`, `box_rows`)
  SELECT b.`organization_id`, b.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`,
    sum(t.`made` * b.`value`), sum(t.`game`), sum(t.`attempted` * b.`value`), count(*)
  FROM `player_game_stats` b
  INNER JOIN `record_stat_targets` t ON t.`stat_id` = b.`stat_id`
  INNER JOIN `record_game_scopes` s ON s.`game_id` = b.`game_id`
  GROUP BY b.`player_id`, t.`target_id`, s.`season_id`, s.`league_id`;--> statement-breakpoint
