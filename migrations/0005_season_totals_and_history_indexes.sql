CREATE TABLE `player_season_totals` (
	`organization_id` integer NOT NULL,
	`season_id` integer NOT NULL,
	`stat_id` integer NOT NULL,
	`league_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`games` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`season_id`, `stat_id`, `league_id`, `team_id`, `player_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stat_id`) REFERENCES `stat_definitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pst_org_season_stat` ON `player_season_totals` (`organization_id`,`season_id`,`stat_id`);--> statement-breakpoint
CREATE INDEX `pst_player` ON `player_season_totals` (`player_id`);--> statement-breakpoint
CREATE TABLE `team_season_totals` (
	`organization_id` integer NOT NULL,
	`season_id` integer NOT NULL,
	`stat_id` integer NOT NULL,
	`league_id` integer NOT NULL,
	`team_id` integer NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`stat_rows` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`season_id`, `stat_id`, `league_id`, `team_id`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stat_id`) REFERENCES `stat_definitions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tst_org_season_stat` ON `team_season_totals` (`organization_id`,`season_id`,`stat_id`);--> statement-breakpoint
CREATE INDEX `tst_team` ON `team_season_totals` (`team_id`);--> statement-breakpoint
DROP INDEX `games_team1`;--> statement-breakpoint
DROP INDEX `games_team2`;--> statement-breakpoint
DROP INDEX `games_league`;--> statement-breakpoint
CREATE INDEX `games_team1_season` ON `games` (`team1_id`,`season_id`);--> statement-breakpoint
CREATE INDEX `games_team2_season` ON `games` (`team2_id`,`season_id`);--> statement-breakpoint
CREATE INDEX `games_league_season` ON `games` (`league_id`,`season_id`);