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
CREATE INDEX `pst_player` ON `player_season_totals` (`player_id`);--> statement-breakpoint
CREATE INDEX `pst_org` ON `player_season_totals` (`organization_id`);