-- Hand-written (docs/reference/performance.md). player_season_totals and team_season_totals always equal the sums of
-- player_game_stats per season, stat, league, team (and player): these triggers adjust them inside
-- the very statement that inserts, edits or deletes a box-score row, or moves a game to another
-- season or league — so the totals change in the same D1 batch (one transaction) as the box score,
-- whichever code path wrote. A game without a league counts under league 0; games without a season
-- are not counted.
CREATE TRIGGER `pgs_insert_adds_to_totals` AFTER INSERT ON `player_game_stats` BEGIN
  INSERT INTO `player_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `player_id`, `total`, `games`)
    SELECT NEW.`organization_id`, g.`season_id`, NEW.`stat_id`, coalesce(g.`league_id`, 0), NEW.`team_id`, NEW.`player_id`, NEW.`value`, 1
    FROM `games` g WHERE g.`id` = NEW.`game_id` AND g.`season_id` IS NOT NULL
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`, `player_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `games` = `games` + 1;
  INSERT INTO `team_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `total`, `stat_rows`)
    SELECT NEW.`organization_id`, g.`season_id`, NEW.`stat_id`, coalesce(g.`league_id`, 0), NEW.`team_id`, NEW.`value`, 1
    FROM `games` g WHERE g.`id` = NEW.`game_id` AND g.`season_id` IS NOT NULL
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `stat_rows` = `stat_rows` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `pgs_delete_subtracts_from_totals` AFTER DELETE ON `player_game_stats` BEGIN
  UPDATE `player_season_totals` SET `total` = `total` - OLD.`value`, `games` = `games` - 1
    WHERE (`season_id`, `league_id`) = (SELECT `season_id`, coalesce(`league_id`, 0) FROM `games` WHERE `id` = OLD.`game_id`)
      AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id` AND `player_id` = OLD.`player_id`;
  DELETE FROM `player_season_totals`
    WHERE `games` <= 0 AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id` AND `player_id` = OLD.`player_id`;
  UPDATE `team_season_totals` SET `total` = `total` - OLD.`value`, `stat_rows` = `stat_rows` - 1
    WHERE (`season_id`, `league_id`) = (SELECT `season_id`, coalesce(`league_id`, 0) FROM `games` WHERE `id` = OLD.`game_id`)
      AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id`;
  DELETE FROM `team_season_totals` WHERE `stat_rows` <= 0 AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id`;
END;--> statement-breakpoint
CREATE TRIGGER `pgs_update_moves_totals` AFTER UPDATE OF `game_id`, `player_id`, `team_id`, `stat_id`, `value` ON `player_game_stats` BEGIN
  UPDATE `player_season_totals` SET `total` = `total` - OLD.`value`, `games` = `games` - 1
    WHERE (`season_id`, `league_id`) = (SELECT `season_id`, coalesce(`league_id`, 0) FROM `games` WHERE `id` = OLD.`game_id`)
      AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id` AND `player_id` = OLD.`player_id`;
  DELETE FROM `player_season_totals`
    WHERE `games` <= 0 AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id` AND `player_id` = OLD.`player_id`;
  UPDATE `team_season_totals` SET `total` = `total` - OLD.`value`, `stat_rows` = `stat_rows` - 1
    WHERE (`season_id`, `league_id`) = (SELECT `season_id`, coalesce(`league_id`, 0) FROM `games` WHERE `id` = OLD.`game_id`)
      AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id`;
  DELETE FROM `team_season_totals` WHERE `stat_rows` <= 0 AND `stat_id` = OLD.`stat_id` AND `team_id` = OLD.`team_id`;
  INSERT INTO `player_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `player_id`, `total`, `games`)
    SELECT NEW.`organization_id`, g.`season_id`, NEW.`stat_id`, coalesce(g.`league_id`, 0), NEW.`team_id`, NEW.`player_id`, NEW.`value`, 1
    FROM `games` g WHERE g.`id` = NEW.`game_id` AND g.`season_id` IS NOT NULL
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`, `player_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `games` = `games` + 1;
  INSERT INTO `team_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `total`, `stat_rows`)
    SELECT NEW.`organization_id`, g.`season_id`, NEW.`stat_id`, coalesce(g.`league_id`, 0), NEW.`team_id`, NEW.`value`, 1
    FROM `games` g WHERE g.`id` = NEW.`game_id` AND g.`season_id` IS NOT NULL
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `stat_rows` = `stat_rows` + 1;
END;--> statement-breakpoint
-- A deleted game's box-score rows go first, while the game still tells their season and league
-- (the foreign key's cascade would delete them after the game, too late for the triggers above).
CREATE TRIGGER `games_delete_removes_box_score` BEFORE DELETE ON `games` BEGIN
  DELETE FROM `player_game_stats` WHERE `game_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `games_scope_change_moves_totals` AFTER UPDATE OF `season_id`, `league_id` ON `games`
  WHEN OLD.`season_id` IS NOT NEW.`season_id` OR coalesce(OLD.`league_id`, 0) IS NOT coalesce(NEW.`league_id`, 0) BEGIN
  UPDATE `player_season_totals`
    SET `total` = `total` - (SELECT s.`value` FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND s.`stat_id` = `player_season_totals`.`stat_id` AND s.`team_id` = `player_season_totals`.`team_id` AND s.`player_id` = `player_season_totals`.`player_id`),
      `games` = `games` - 1
    WHERE `season_id` = OLD.`season_id` AND `league_id` = coalesce(OLD.`league_id`, 0)
      AND EXISTS (SELECT 1 FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND s.`stat_id` = `player_season_totals`.`stat_id` AND s.`team_id` = `player_season_totals`.`team_id` AND s.`player_id` = `player_season_totals`.`player_id`);
  DELETE FROM `player_season_totals` WHERE `games` <= 0 AND `season_id` = OLD.`season_id` AND `league_id` = coalesce(OLD.`league_id`, 0);
  INSERT INTO `player_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `player_id`, `total`, `games`)
    SELECT s.`organization_id`, NEW.`season_id`, s.`stat_id`, coalesce(NEW.`league_id`, 0), s.`team_id`, s.`player_id`, s.`value`, 1
    FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND NEW.`season_id` IS NOT NULL
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`, `player_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `games` = `games` + 1;
  UPDATE `team_season_totals`
    SET `total` = `total` - (SELECT sum(s.`value`) FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND s.`stat_id` = `team_season_totals`.`stat_id` AND s.`team_id` = `team_season_totals`.`team_id`),
      `stat_rows` = `stat_rows` - (SELECT count(*) FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND s.`stat_id` = `team_season_totals`.`stat_id` AND s.`team_id` = `team_season_totals`.`team_id`)
    WHERE `season_id` = OLD.`season_id` AND `league_id` = coalesce(OLD.`league_id`, 0)
      AND EXISTS (SELECT 1 FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND s.`stat_id` = `team_season_totals`.`stat_id` AND s.`team_id` = `team_season_totals`.`team_id`);
  DELETE FROM `team_season_totals` WHERE `stat_rows` <= 0 AND `season_id` = OLD.`season_id` AND `league_id` = coalesce(OLD.`league_id`, 0);
  INSERT INTO `team_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `total`, `stat_rows`)
    SELECT s.`organization_id`, NEW.`season_id`, s.`stat_id`, coalesce(NEW.`league_id`, 0), s.`team_id`, sum(s.`value`), count(*)
    FROM `player_game_stats` s WHERE s.`game_id` = NEW.`id` AND NEW.`season_id` IS NOT NULL
    GROUP BY s.`stat_id`, s.`team_id`
    ON CONFLICT (`season_id`, `stat_id`, `league_id`, `team_id`) DO UPDATE SET `total` = `total` + excluded.`total`, `stat_rows` = `stat_rows` + excluded.`stat_rows`;
END;--> statement-breakpoint
-- Backfill from the box scores already recorded.
INSERT INTO `player_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `player_id`, `total`, `games`)
  SELECT s.`organization_id`, g.`season_id`, s.`stat_id`, coalesce(g.`league_id`, 0), s.`team_id`, s.`player_id`, sum(s.`value`), count(*)
  FROM `player_game_stats` s INNER JOIN `games` g ON g.`id` = s.`game_id`
  WHERE g.`season_id` IS NOT NULL
  GROUP BY g.`season_id`, s.`stat_id`, coalesce(g.`league_id`, 0), s.`team_id`, s.`player_id`;--> statement-breakpoint
INSERT INTO `team_season_totals` (`organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, `total`, `stat_rows`)
  SELECT `organization_id`, `season_id`, `stat_id`, `league_id`, `team_id`, sum(`total`), sum(`games`)
  FROM `player_season_totals`
  GROUP BY `season_id`, `stat_id`, `league_id`, `team_id`;
