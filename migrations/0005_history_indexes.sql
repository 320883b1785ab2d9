DROP INDEX `games_team1`;--> statement-breakpoint
DROP INDEX `games_team2`;--> statement-breakpoint
DROP INDEX `games_league`;--> statement-breakpoint
CREATE INDEX `games_team1_season` ON `games` (`team1_id`,`season_id`);--> statement-breakpoint
CREATE INDEX `games_team2_season` ON `games` (`team2_id`,`season_id`);--> statement-breakpoint
CREATE INDEX `games_league_season` ON `games` (`league_id`,`season_id`);--> statement-breakpoint
DROP INDEX `pst_org`;--> statement-breakpoint
CREATE INDEX `pst_org_season_stat` ON `player_season_totals` (`organization_id`,`season_id`,`stat_id`);