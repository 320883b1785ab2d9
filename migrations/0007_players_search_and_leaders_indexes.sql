DROP INDEX `pst_org_season_stat`;--> statement-breakpoint
CREATE INDEX `pst_org_season_stat_player` ON `player_season_totals` (`organization_id`,`season_id`,`stat_id`,`player_id`,`total`);--> statement-breakpoint
CREATE INDEX `players_org_full_name` ON `players` (`organization_id`,`first_name`,`last_name`);--> statement-breakpoint
CREATE INDEX `players_org_first_lower` ON `players` (`organization_id`,lower("first_name"));--> statement-breakpoint
CREATE INDEX `players_org_last_lower` ON `players` (`organization_id`,lower("last_name"));